#!/bin/bash
# evalall.sh NAME [PART...]: the three dev benchmarks with the embedding configuration in
# XDG_CONFIG_HOME=/tmp/codemodel-cfg/NAME (empty: the built-in LSA; `config embed.builtin
# subtokens`; `config embed.static DIR`), on copies of the existing indexes (only the vectors of
# that configuration are computed; the keyword indexes are shared). PART: commit semble swe
# (default all). Output: /tmp/codemodel-runs/NAME-*.
set -u
name=$1; shift; parts=${*:-commit semble swe}
cli=${CLI:-/tmp/scale-idle/cli-final}
export XDG_CONFIG_HOME=/tmp/codemodel-cfg/$name
here=$(cd "$(dirname "$0")" && pwd); root=$here/../..
out=/tmp/codemodel-runs; mkdir -p $out
ev=/work/shared/eval
for p in $parts; do case $p in
commit)
  for r in requests fmt; do
    e=$([ "$r" = requests ] && echo psf__requests || echo fmtlib__fmt)
    nice -n 10 python3 $ev/run_repolens.py --cli $cli --worktree /tmp/rank-eval/$r --eval $ev/dev/$e.jsonl \
      --data-dir /tmp/codemodel-eval/data-$r --out $out/$name-$r.jsonl | grep RESULT | sed "s/^/commit $r: /"
  done ;;
semble)
  nice -n 10 python3 $ev/semble/run_semble.py --cli $cli --work /tmp/rank-semblework \
     --data-root /tmp/codemodel-eval/semble-data --reuse-index --out $out/$name-semble.json > $out/$name-semble.txt 2>&1
  grep -E "^(abseil|commons|curl|dapper|fastapi|gin|kotlinx|monolog|pandoc|pydantic|rails|serde|zod)" $out/$name-semble.txt \
    | awk '{printf "%s %s  ", $1, $6} END {print ""}'
  grep "NDCG@10 chunk-level" $out/$name-semble.txt | sed 's/^ */semble: /' ;;
swe)
  nice -n 10 python3 $here/swe_addvec.py --cli $cli --work /tmp/codemodel-swe --cfg $XDG_CONFIG_HOME > $out/$name-swevec.txt 2>&1
  nice -n 10 python3 $root/scripts/eval-swebench-snapshots search --cli $cli --work /tmp/codemodel-swe \
     --out $out/$name-swe.json > $out/$name-swe.txt 2>&1
  python3 - $out/$name-swe.json <<'PY'
import json,sys
d=json.load(open(sys.argv[1]))['summary']
m=d['all']
print('swe: ' + ' '.join('%s=%.3f'%(k,m[k]) for k in ('acc@1','acc@3','acc@5','acc@10','mrr')))
print('swe per repo acc@1/5: ' + '  '.join('%s %.2f/%.2f' % (r.split('/')[1], v['acc@1'], v['acc@5']) for r, v in d['per_repo'].items()))
PY
  ;;
esac; done
