#!/bin/bash
# snapshot.sh CLI [REPOS] : export each training repository's HEAD from /work/.mirror into
# /tmp/codemodel-src/<owner>+<name> and index it (keywords only) into /tmp/codemodel-data.
# Appends owner/name, commit, date, licence to /tmp/codemodel-data/provenance.tsv.
set -u
cli=$1; list=${2:-$(dirname "$0")/repos.txt}
src=/tmp/codemodel-src; data=/tmp/codemodel-data
mkdir -p $src $data/idx $data/xdg
export XDG_CONFIG_HOME=$data/xdg
grep -v '^#' "$list" | cut -f1 | while read -r r; do
  [ -n "$r" ] || continue
  name=${r/\//+}; git="/work/.mirror/$name/repo"; dst=$src/$name
  if grep -q "^$r	" $data/provenance.tsv 2>/dev/null; then continue; fi
  commit=$(git --git-dir=$git rev-parse HEAD) || continue
  rm -rf $dst; mkdir -p $dst
  git --git-dir=$git archive --format=tar HEAD | tar -x -C $dst
  lic=$(ls $dst | grep -iE '^(licen[cs]e|copying)' | head -1)
  licname=$( [ -n "$lic" ] && head -c 2000 "$dst/$lic" | tr '\n' ' ' | grep -oiE 'apache license|mit license|permission is hereby granted|bsd|gnu general public license|gnu lesser|mozilla public license|isc license|eclipse public|unlicense' | head -1 )
  t0=$(date +%s)
  nice -n 10 $cli --data-dir $data/idx index $dst --no-vectors > $data/log-$name.txt 2>&1
  echo "$r	$commit	$(git --git-dir=$git log -1 --format=%cs HEAD)	${lic:-none}	${licname:-?}	$(( $(date +%s) - t0 ))s" >> $data/provenance.tsv
  tail -1 $data/provenance.tsv
done
