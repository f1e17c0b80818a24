#!/usr/bin/env bash
# Install the project with its test dependencies (into .venv, made the first time; again only when
# pyproject.toml changed) and run the whole test suite. Arguments go to pytest (e.g. tests/engine
# -x). `.ci/run` runs this too.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/venv.sh"
install_project test
cd "$root"
exec "$python" -m pytest -q "$@"
