#!/usr/bin/env bash
# Install the project with its test dependencies (into .venv, made the first time; again only when
# pyproject.toml changed) and run the whole test suite. Arguments go to pytest (e.g. tests/engine
# -x). `.ci/run` runs this too.
#
# Three pytest-xdist workers on 2 cores: most end-to-end tests wait on loopback I/O, timers and
# process deaths, so two workers kept the 2 cores only 140% busy. Measured on one fresh clone
# (28 Nov 2026, 3,023 tests, nothing else running): two workers 605 s, three 550 s and 553 s
# (0.91x; 140-144% of a core busy); every test passed in each run. Work stealing: a worker that
# runs out of tests takes the rest of another's, so a slow test at the end does not leave a core
# idle. Tests that need the machine to themselves are marked `alone` (tests/alone.py).
# Later arguments win: `-n 0` runs in one process (for pdb), `-n 4` on a bigger machine.
# The 25 slowest tests are listed at the end: the whole run has a 10-minute budget on 2 cores,
# and every CI log then says where the time goes.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/venv.sh"
install_project test
cd "$root"
exec "$python" -m pytest -q -n 3 --dist worksteal --durations=25 "$@"
