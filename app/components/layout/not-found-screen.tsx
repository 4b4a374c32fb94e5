import { useEffect } from "react";
import { Link, useLocation } from "react-router";

/** SPEC.md "Not-found": '404', 'Oops! Page not found', 'Return to Home'; the path goes to the console. */
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
        <Link to="/" className="inline-flex items-center rounded-full bg-primary px-6 py-3 font-semibold text-primary-foreground hover:bg-primary-strong">
          Return to Home
        </Link>
      </div>
    </main>
  );
}
