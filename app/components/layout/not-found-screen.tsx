import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button";

/**
 * The not-found screen: '404', 'Oops! Page not found' and a 'Return to Home' link (a link, drawn
 * as the primary button); the missing path goes to the console. Kept out of search results.
 */
export function NotFoundScreen() {
  const location = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);
  return (
    <main id="main" className="flex min-h-[70dvh] items-center justify-center px-6 py-24 text-center">
      <title>Page not found</title>
      <meta name="robots" content="noindex" />
      <div>
        <h1 className="mb-4 text-6xl font-bold tracking-tight">404</h1>
        <p className="mb-6 text-xl text-muted">Oops! Page not found</p>
        <Link to="/" className={buttonClass({ size: "lg" })}>
          Return to Home
        </Link>
      </div>
    </main>
  );
}
