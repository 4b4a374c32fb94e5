import { useNavigation } from "react-router";
import { Loader2 } from "lucide-react";
import { blogPost } from "~/content/blog";

const POST_PATH = /^\/blog\/[^/]+\/?$/;

/** 'Loading article...' while a client-side navigation to a post waits for its data. */
export function ArticleLoading() {
  const navigation = useNavigation();
  if (navigation.state !== "loading" || !POST_PATH.test(navigation.location.pathname)) return null;
  return (
    <p
      role="status"
      className="fixed top-20 left-1/2 z-50 inline-flex -translate-x-1/2 items-center gap-2 rounded-full border border-border bg-surface-2 px-4 py-2 text-sm shadow-xl"
    >
      <Loader2 aria-hidden="true" className="size-4 animate-spin" />
      {blogPost.loading}
    </p>
  );
}
