#!/usr/bin/env bash
# Install the project with its test dependencies (into .venv, made the first time; again only when
# pyproject.toml changed) and run the whole test suite. Arguments go to pytest (e.g. tests/engine
# -x). `.ci/run` runs this too.
#
# Two pytest-xdist workers: most end-to-end tests wait on loopback I/O and timers, so two of them
# at once nearly halve the run on 2 cores. Work stealing: a worker that runs out of tests takes
# the rest of the other's, so a slow test at the end of one half does not leave a core idle.
# Later arguments win: `-n 0` runs in one process (for pdb), `-n 4` on a bigger machine.
# The 25 slowest tests are listed at the end: the whole run has a 10-minute budget on 2 cores,
# and every CI log then says where the time goes.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/venv.sh"
install_project test
cd "$root"
exec "$python" -m pytest -q -n 2 --dist worksteal --durations=25 "$@"
