#!/usr/bin/env bash
# Runs a command on a slower machine: every process it starts shares a CPU quota of FRACTION of one
# core (cgroup v2's cpu.max or v1's CFS quota, a 10 ms period unless SLOW_DAY_PERIOD_US), as when this machine's host is
# busy. For `npm run bench:pages` on a "slow day" that the day did not bring (issue #29): Lighthouse
# measures the throttled machine's CPU benchmark index itself and prints it with every run, and the
# server, Chromium and Lighthouse are all slowed, not only the simulated main thread
# (unlike BENCH_AS_INDEX; docs/decisions/0056 and 0075).
#
#   As root:  bash scripts/slow-day.sh 0.5 npm run bench:pages
#
# The group is removed when the command ends, whatever its exit code, which it returns.
set -euo pipefail

if [ $# -lt 2 ]; then
  echo "usage: bash scripts/slow-day.sh FRACTION COMMAND [ARGS...]   (FRACTION of one core, e.g. 0.5)" >&2
  exit 2
fi
fraction=$1
shift
# The quota's period: each process runs its share within every period, then waits for the next.
# SLOW_DAY_PERIOD_US=2000 spreads the waits finely, as a uniformly slower CPU would (the kernel
# takes a period and a quota of 1 ms at least); the default 10 ms leaves waits of up to 4 ms inside
# a task at 0.6 (decision 0075).
period=${SLOW_DAY_PERIOD_US:-10000}
case "$period" in
  '' | *[!0-9]*) period=0 ;;
esac
if [ "$period" -lt 1000 ] || [ "$period" -gt 1000000 ]; then
  echo "slow-day: SLOW_DAY_PERIOD_US must be from 1000 to 1000000 (µs), not ${SLOW_DAY_PERIOD_US:-}" >&2
  exit 2
fi
quota=$(awk -v f="$fraction" -v p="$period" 'BEGIN { q = int(f * p); if (f < 0.1 || f > 20) exit 1; print q }') || {
  echo "slow-day: FRACTION must be from 0.1 to 20 (of one core), not $fraction" >&2
  exit 2
}
if [ "$quota" -lt 1000 ]; then
  echo "slow-day: $fraction of a $period µs period is $quota µs, under the kernel's least quota (1000 µs): take a longer SLOW_DAY_PERIOD_US" >&2
  exit 2
fi
name="slow-day-$$"
group=""
root_procs=""

cleanup() {
  [ -n "$group" ] || return 0
  # This shell leaves the group first: a group with a process in it cannot be removed.
  [ -n "$root_procs" ] && { echo $$ >"$root_procs"; } 2>/dev/null || true
  # A command's children may take a moment to end after it did.
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    rmdir "$group" 2>/dev/null && return
    sleep 0.5
  done
  echo "slow-day: $group still has processes; remove it with rmdir once they end" >&2
}
# Set before the group is made: a quota the kernel refuses leaves no group behind.
trap cleanup EXIT

if [ -f /sys/fs/cgroup/cgroup.controllers ]; then
  root_procs=/sys/fs/cgroup/cgroup.procs
  group=/sys/fs/cgroup/$name
  mkdir "$group"
  echo "$quota $period" >"$group/cpu.max"
elif [ -d /sys/fs/cgroup/cpu ]; then
  root_procs=/sys/fs/cgroup/cpu/cgroup.procs
  group=/sys/fs/cgroup/cpu/$name
  mkdir "$group"
  echo "$period" >"$group/cpu.cfs_period_us"
  echo "$quota" >"$group/cpu.cfs_quota_us"
else
  echo "slow-day: no cgroup CPU controller here (it needs root and /sys/fs/cgroup)" >&2
  exit 1
fi

echo "slow-day: running with $fraction of one core ($quota µs every $period µs) in $group" >&2
echo $$ >"$group/cgroup.procs"
status=0
"$@" || status=$?
exit "$status"
