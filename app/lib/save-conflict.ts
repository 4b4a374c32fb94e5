/**
 * A save refused because the record changed since its form was opened (409, decision 0055): the
 * version stored now (the form sends it with its next save, which then deliberately replaces that
 * version) and, when known, who saved it and when.
 */
export type VersionConflict = { version: number; authorName: string | null; savedAt: string | null };

/** The conflict a refused save answered with, if that is what `actionData` carries. */
export function versionConflictOf(actionData: unknown): VersionConflict | undefined {
  if (typeof actionData !== "object" || actionData === null || !("conflict" in actionData)) return undefined;
  const conflict = actionData.conflict as Partial<VersionConflict> | null;
  return conflict && typeof conflict.version === "number" ? (conflict as VersionConflict) : undefined;
}
