import { LinkedinIcon } from "~/components/layout/linkedin-icon";
import type { Route } from "./+types/team";
import { cached } from "~/server/cache/data-cache.server";
import { db } from "~/server/db/client.server";
import { listActiveTeam } from "~/server/site/team-queries.server";
import { log } from "~/server/core/log.server";
import { errorText } from "~/server/http/errors.server";
import { seo } from "~/lib/seo";
import { pageOgImage } from "~/lib/og";
import { siteFromMatches } from "~/lib/site-meta";
import { imageSrcSet } from "~/lib/images";
import { pageMeta, teamCopy } from "~/content/site";
import { useSite } from "~/root";
import { ToastOnLoad } from "~/components/ui/toast";
import { Island } from "~/islands/island";
import { newTabLink } from "~/components/ui/new-tab";
import { AvatarTile } from "~/components/ui/avatar";

/** What visitors read when the team cannot be loaded; the real error is only logged. */
const TEAM_LOAD_FAILED = "The team could not be loaded. Please try again.";

export async function loader(_: Route.LoaderArgs) {
  try {
    const members = await cached("team:active", async () =>
      (await listActiveTeam(await db())).map(({ id, name, position, bio, photoUrl, linkedinUrl }) => ({ id, name, position, bio, photoUrl, linkedinUrl })),
    );
    return { members, error: null };
  } catch (error) {
    log.error("could not load team", { error: errorText(error) });
    return { members: [], error: TEAM_LOAD_FAILED };
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!site) return [{ title: teamCopy.title }];
  return seo({
    site,
    title: pageMeta.team.title(site.brandName),
    description: pageMeta.team.description(site.brandName),
    path: "/team",
    image: pageOgImage("team", site.brandName),
  });
}

export default function Team({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { members, error } = loaderData;

  return (
    <main id="main" className="mx-auto min-h-[70dvh] max-w-7xl px-5 pt-32 pb-24 sm:px-8 sm:pt-40">
      {error ? (
        <Island name="toast-on-load" component={ToastOnLoad} props={{ title: teamCopy.errorTitle, description: error, variant: "destructive" }} />
      ) : null}
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-bold tracking-tight sm:text-6xl">{teamCopy.title}</h1>
        <p className="mt-4 text-lg text-muted">
          {teamCopy.subtitle} {site.brandName}
        </p>
      </div>
      {members.length === 0 ? (
        error ? null : (
          <p className="mt-16 text-center text-muted">{teamCopy.empty}</p>
        )
      ) : (
        <ul className="mt-16 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {members.map((member, i) => (
            <li key={member.id} className="group overflow-hidden rounded-3xl border border-border bg-surface/70">
              <div className="aspect-square overflow-hidden bg-surface-2">
                {member.photoUrl ? (
                  <img
                    src={member.photoUrl}
                    srcSet={imageSrcSet(member.photoUrl) ?? undefined}
                    sizes="(min-width: 1280px) 300px, (min-width: 640px) 45vw, 90vw"
                    alt={member.name}
                    width={600}
                    height={600}
                    loading={i < 2 ? "eager" : "lazy"}
                    decoding="async"
                    className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
                  />
                ) : (
                  <AvatarTile name={member.name} />
                )}
              </div>
              <div className="flex flex-wrap items-start justify-between gap-3 p-5">
                <div className="min-w-0 flex-1">
                  <h2 className="text-lg font-semibold">{member.name}</h2>
                  <p className="text-sm text-muted">{member.position}</p>
                </div>
                {member.linkedinUrl ? (
                  <a
                    href={member.linkedinUrl}
                    {...newTabLink}
                    aria-label={teamCopy.linkedin(member.name)}
                    className="rounded-full border border-border p-2 text-muted transition-colors hover:border-primary hover:text-foreground"
                  >
                    <LinkedinIcon className="size-4" />
                  </a>
                ) : null}
                {member.bio ? <p className="w-full text-sm leading-relaxed text-pretty text-foreground/80">{member.bio}</p> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
