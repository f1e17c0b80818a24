# Sourced by run-bot.sh and run-tests.sh: the project's virtual environment, made the first time,
# and `install_project`, which installs the project into it only when something changed.
# STICKEM_VENV chooses another environment (default: .venv in the project folder); STICKEM_PYTHON
# the Python that makes it (default: python3).
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="${STICKEM_VENV:-$root/.venv}"
base_python="${STICKEM_PYTHON:-python3}"
oldest_python="3.11"  # pyproject.toml's requires-python

# "3.11" for the Python at $1; nothing if it does not run (or is not there: a fresh clone). It
# always succeeds: the callers run under `set -euo pipefail`, where `have="$(...)"` failing would
# end them at once, silently.
python_version() {
    "$1" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null || true
}

# Whether version $1 is older than $oldest_python.
too_old() {
    [ "$(printf '%s\n%s\n' "$1" "$oldest_python" | sort -V | head -n 1)" != "$oldest_python" ]
}

have="$(python_version "$venv/bin/python")"
# Made again: a folder whose Python does not run (its Python was uninstalled), is older than the
# project allows (made before switching Python: every install said "requires a different
# Python"), or has no working pip (`python3 -m venv` fails halfway, python but no pip, where the
# system lacks its venv package (Debian, Ubuntu), and is run again once it is installed).
if [ -z "$have" ] || too_old "$have" || ! "$venv/bin/python" -m pip --version >/dev/null 2>&1; then
    wanted="$(python_version "$base_python")"
    if [ -z "$wanted" ]; then
        echo "$base_python is not found: install Python $oldest_python or newer (or name yours with STICKEM_PYTHON=...)." >&2
        exit 2
    fi
    if too_old "$wanted"; then
        echo "$base_python is Python $wanted; the bot needs $oldest_python or newer. Install a newer Python, and name it with STICKEM_PYTHON=python3.12 (for example) if python3 stays the old one." >&2
        exit 2
    fi
    if [ -n "$have" ] && too_old "$have"; then
        echo "The virtual environment $venv was made by Python $have; making it again with Python $wanted..." >&2
    else
        echo "Creating the virtual environment $venv (once)..." >&2
    fi
    "$base_python" -m venv --clear "$venv"
fi
python="$venv/bin/python"

# Install the project (editable) into the environment, with the extra $1 if given ("test"),
# unless this pyproject.toml is installed there already, by this Python, from this folder: the
# stamp files in the environment say what was installed last. The code itself needs no install
# (an editable install runs it from the project folder).
install_project() {
    local extra="${1:-}"
    local stamp="$venv/.stickem-installed${extra:+-$extra}"
    local state
    state="$(cksum <"$root/pyproject.toml") $(python_version "$python") $root"
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$state" ]; then
        return 0
    fi
    echo "Installing the project into ${venv#"$root/"} (first time: a minute or two)..." >&2
    "$python" -m pip install --quiet --disable-pip-version-check -e "$root${extra:+[$extra]}"
    printf '%s\n' "$state" >"$stamp"
    printf '%s\n' "$state" >"$venv/.stickem-installed"  # with any extra, the project itself is installed
}
