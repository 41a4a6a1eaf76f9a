#!/bin/bash
# Instructions executed by two combo searches of each Yu-Gi-Oh! puzzle, loading left out: a
# figure that does not depend on the load of the machine (valgrind's cachegrind, fixed hash seed).
# Usage, from the checkout: bash bench/count_instructions.sh   (needs valgrind)
# It counts the build at hand, compiled or not (printed first): compiling cuts the time far more
# than the instructions (1.6x faster for 15% fewer), so compare a build only with the same kind.
set -euo pipefail
cd "$(dirname "$0")/.."
python=$(python -c 'import sys; print(sys.executable)')  # the interpreter itself, not a launcher script
"$python" -c 'import sys; sys.path.insert(0, "."); from cardjudge import native; print(native.install().describe())'
load='import sys; sys.path[:0] = [".", "bench"]; sys.argv = ["x"]
import bench.bench_search as B
loaded = [B.puzzle(p) for p in sorted(B.PUZZLES.glob("ygo-*.yaml")) for _ in range(2)]'
count() {
  PYTHONHASHSEED=0 PYTHONDONTWRITEBYTECODE=1 valgrind --tool=cachegrind --cache-sim=no \
    --cachegrind-out-file=/dev/null "$python" -c "$1" 2>&1 | awk '/I *refs/ {gsub(",", "", $4); print $4}'
}
all=$(count "$load
states = sum(B.search(one, 3, True).stats.states for one in loaded)")
loading=$(count "$load")
echo "searches: $(( (all - loading) / 1000000 )) million instructions (all $(( all / 1000000 ))M, loading $(( loading / 1000000 ))M)"
