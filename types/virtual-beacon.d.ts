// The address of the built analytics beacon (scripts/lib/beacon.ts, beaconPlugin).
declare module "virtual:beacon" {
  const src: string;
  export default src;
}
