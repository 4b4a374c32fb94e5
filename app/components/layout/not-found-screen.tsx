import { useEffect } from "react";
import { useLocation } from "react-router";
import { ArrowRight } from "lucide-react";
import { notFoundCopy as copy } from "~/content/site";
import { buttonClass } from "~/components/ui/button";

/**
 * The not-found screen: '404', 'Oops! Page not found' and a 'Return to Home' link (drawn as the
 * primary button), then onward links (Blog, Services, Contact) as outline buttons; the missing
 * path goes to the console. Kept out of search results. Nothing of the address is in its HTML:
 * one kept copy answers every unknown address (app/server/cache/page-cache.server.ts). Its links
 * are plain: from the back-office (an unknown /admin address, a missing record) they load the
 * public page as a document, never inside the React app.
 */
export function NotFoundScreen() {
  const location = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);
  return (
    // data-not-found: the public pages, which do not hydrate, log the address from app/boot/behaviours.ts.
    <main id="main" data-not-found="" className="flex min-h-[70dvh] items-center justify-center px-6 pt-28 pb-24 text-center">
      <title>Page not found</title>
      <meta name="robots" content="noindex" />
      <div>
        <h1 className="mb-4 text-6xl font-bold tracking-tight">{copy.title}</h1>
        <p className="mb-8 text-xl text-muted">{copy.text}</p>
        <a href="/" className={buttonClass({ size: "lg" })}>
          {copy.home}
        </a>
        <nav aria-labelledby="not-found-onward" className="mt-12">
          <p id="not-found-onward" className="text-sm font-medium text-muted">
            {copy.onwardLabel}
          </p>
          <ul className="mt-4 flex flex-wrap justify-center gap-3">
            {copy.onward.map((link) => (
              <li key={link.href}>
                <a href={link.href} className={buttonClass({ variant: "outline" })}>
                  {link.label}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </main>
  );
}
