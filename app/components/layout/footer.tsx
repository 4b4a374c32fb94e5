import { footer, navigation } from "~/content/site";
import { BrandMark } from "./brand-logo";
import { newTabLink } from "~/components/ui/new-tab";

/** The footer: links, a large wordmark, the copyright line with the current year. */
export function Footer({ brand, communityUrl, linkedinUrl, year }: { brand: string; communityUrl: string; linkedinUrl: string; year: number }) {
  const linkClass = "text-sm text-muted transition-colors hover:text-foreground";
  const external = (href: string, label: string) => (
    <a href={href} {...newTabLink} className={linkClass}>
      {label}
    </a>
  );
  return (
    <footer className="relative overflow-hidden border-t border-border bg-background">
      <div className="mx-auto max-w-7xl px-5 pt-14 sm:px-8">
        <div className="flex flex-col gap-8 md:flex-row md:items-start md:justify-between">
          <div className="max-w-sm">
            <div className="flex items-center gap-2.5 text-lg font-bold">
              <BrandMark />
              <span>{brand}</span>
            </div>
            <p className="mt-3 text-sm text-muted">{footer.tagline}</p>
          </div>
          <nav aria-label={footer.navLabel}>
            <ul className="grid grid-cols-2 gap-x-10 gap-y-3 sm:grid-cols-3">
              <li>
                <a href={navigation.services.href} className={linkClass}>
                  {navigation.services.label}
                </a>
              </li>
              <li>
                <a href={navigation.blog.href} className={linkClass}>
                  {navigation.blog.label}
                </a>
              </li>
              <li>
                <a href={footer.team.href} className={linkClass}>
                  {footer.team.label}
                </a>
              </li>
              <li>{external(communityUrl, navigation.community.label)}</li>
              <li>{external(linkedinUrl, footer.linkedin)}</li>
              <li>
                <a href={footer.privacy.href} className={linkClass}>
                  {footer.privacy.label}
                </a>
              </li>
              <li>
                <a href={footer.terms.href} className={linkClass}>
                  {footer.terms.label}
                </a>
              </li>
            </ul>
          </nav>
        </div>
        <p
          aria-hidden="true"
          className="mt-12 select-none bg-gradient-to-b from-foreground/25 to-foreground/0 bg-clip-text text-center text-[17vw] leading-[0.85] whitespace-nowrap font-black tracking-tighter text-transparent lg:text-[16rem]"
        >
          {brand}
        </p>
        <p className="border-t border-border py-6 text-center text-sm text-muted">
          © {year} {brand}. {footer.rights}
        </p>
      </div>
    </footer>
  );
}
