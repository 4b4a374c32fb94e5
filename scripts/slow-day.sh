#!/usr/bin/env bash
# Runs a command on a slower machine: every process it starts shares a CPU quota of FRACTION of one
# core (cgroup v2's cpu.max or v1's CFS quota, a 10 ms period), as when this machine's host is
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
period=10000
quota=$(awk -v f="$fraction" 'BEGIN { q = int(f * 10000); if (q < 1000 || q > 200000) exit 1; print q }') || {
  echo "slow-day: FRACTION must be from 0.1 to 20 (of one core), not $fraction" >&2
  exit 2
}
name="slow-day-$$"

if [ -f /sys/fs/cgroup/cgroup.controllers ]; then
  group=/sys/fs/cgroup/$name
  mkdir "$group"
  echo "$quota $period" >"$group/cpu.max"
  root_procs=/sys/fs/cgroup/cgroup.procs
elif [ -d /sys/fs/cgroup/cpu ]; then
  group=/sys/fs/cgroup/cpu/$name
  mkdir "$group"
  echo "$period" >"$group/cpu.cfs_period_us"
  echo "$quota" >"$group/cpu.cfs_quota_us"
  root_procs=/sys/fs/cgroup/cpu/cgroup.procs
else
  echo "slow-day: no cgroup CPU controller here (it needs root and /sys/fs/cgroup)" >&2
  exit 1
fi

cleanup() {
  # This shell leaves the group first: a group with a process in it cannot be removed.
  echo $$ >"$root_procs" 2>/dev/null || true
  # A command's children may take a moment to end after it did.
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    rmdir "$group" 2>/dev/null && return
    sleep 0.5
  done
  echo "slow-day: $group still has processes; remove it with rmdir once they end" >&2
}
trap cleanup EXIT

echo "slow-day: running with $fraction of one core ($quota µs every $period µs) in $group" >&2
echo $$ >"$group/cgroup.procs"
status=0
"$@" || status=$?
exit "$status"
