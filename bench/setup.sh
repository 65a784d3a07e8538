#!/bin/sh
# The bench's set-up (`make bench` runs it): Chromium, which drives the page and
# the wasm rows, and the peers the engine is held to,
# as Debian packages, where they are missing: NumPy on OpenBLAS (the pthread
# build, as a NumPy from pip brings its own OpenBLAS) and PyTorch on the CPU.
# As root it installs them with apt-get; otherwise it says what is missing,
# and the bench's rows say so too. It never fails the bench.
set -u
wanted="chromium python3-numpy libopenblas0-pthread python3-torch"
missing=""
for p in $wanted; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' || missing="$missing $p"
done
if [ -z "$missing" ]; then
	exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
	echo "bench/setup.sh: missing:$missing (install them as root with apt-get); the bench reports them as not installed" >&2
	exit 0
fi
echo "bench/setup.sh: apt-get install$missing" >&2
if ! apt-get install -y --no-install-recommends $missing >/dev/null; then
	apt-get update >/dev/null && apt-get install -y --no-install-recommends $missing >/dev/null ||
		echo "bench/setup.sh: could not install$missing; the bench reports what is missing" >&2
fi
exit 0
