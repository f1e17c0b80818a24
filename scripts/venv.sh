# Sourced by run-bot.sh and run-tests.sh: the project's virtual environment, made the first time.
# STICKEM_VENV chooses another one (default: .venv in the project folder).
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="${STICKEM_VENV:-$root/.venv}"
# A folder without a working pip is made again: `python3 -m venv` fails halfway (python, no pip)
# where the system lacks its venv package (Debian, Ubuntu), and is run again once it is installed.
if ! "$venv/bin/python" -m pip --version >/dev/null 2>&1; then
    echo "Creating the virtual environment $venv (once)..." >&2
    python3 -m venv --clear "$venv"
fi
python="$venv/bin/python"
