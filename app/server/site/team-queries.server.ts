import { and, asc, eq, isNull } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { teamMembers } from "~/server/db/schema.server";

export type TeamMemberInput = {
  name: string;
  position: string;
  /** Optional on input: a write without it leaves it empty. */
  bio?: string | null;
  photoUrl: string | null;
  linkedinUrl: string | null;
  displayOrder: number;
  active: boolean;
};
export type TeamMember = TeamMemberInput & { id: string; bio: string | null };

const columns = {
  id: teamMembers.id,
  name: teamMembers.name,
  position: teamMembers.position,
  bio: teamMembers.bio,
  photoUrl: teamMembers.photoUrl,
  linkedinUrl: teamMembers.linkedinUrl,
  displayOrder: teamMembers.displayOrder,
  active: teamMembers.active,
};
const byOrder = [asc(teamMembers.displayOrder), asc(teamMembers.createdAt), asc(teamMembers.id)];

/** Active members by display order (the public /team page). */
export async function listActiveTeam(db: Queryable) {
  const { active: _active, ...publicColumns } = columns;
  return db
    .select(publicColumns)
    .from(teamMembers)
    .where(and(eq(teamMembers.active, true), isNull(teamMembers.deletedAt)))
    .orderBy(...byOrder);
}

export async function adminListTeam(db: Queryable): Promise<TeamMember[]> {
  return db
    .select(columns)
    .from(teamMembers)
    .where(isNull(teamMembers.deletedAt))
    .orderBy(...byOrder);
}

export async function getTeamMember(db: Queryable, id: string): Promise<TeamMember | null> {
  const [row] = await db
    .select(columns)
    .from(teamMembers)
    .where(and(eq(teamMembers.id, id), isNull(teamMembers.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function createTeamMember(db: Queryable, input: TeamMemberInput) {
  const [row] = await db.insert(teamMembers).values(input).returning({ id: teamMembers.id });
  return row!;
}

export async function updateTeamMember(db: Queryable, id: string, input: TeamMemberInput) {
  const [row] = await db
    .update(teamMembers)
    .set(input)
    .where(and(eq(teamMembers.id, id), isNull(teamMembers.deletedAt)))
    .returning({ id: teamMembers.id });
  return row ?? null;
}
