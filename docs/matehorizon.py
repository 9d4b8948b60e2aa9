#!/usr/bin/env python3
"""Mate horizon: for each game of a qipan-match PGN that qipan lost by mate, the positions j
moves before the mate (qipan to move), searched by one or more qipan-engine builds (native, a
node budget) and by Fairy-Stockfish (FS_CMD, default node ../shared/oracles/fsuci.js, a move
time). A score of mate (M-…, mate:-…) means the engine sees it coming.

usage: python3 docs/matehorizon.py PGN ENGINE[,ENGINE…] NODES FS_MS [j …]   (j default 2 3 4 5 6 8)"""
import os, re, subprocess, sys

pgn, qe, nodes, fsms = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
js = [int(x) for x in sys.argv[5:]] or [2, 3, 4, 5, 6, 8]

def games(text):
    for g in re.split(r'\n(?=\[Event )', text):
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', g))
        body = re.sub(r'\[[^\]]*\]', '', g)
        term = re.findall(r'\{([^}]*)\}', body)
        body = re.sub(r'\{[^}]*\}', '', body)
        mv = [m.replace('-', '').lower() for m in re.findall(r'\b[A-I]\d-[A-I]\d\b', body)]
        yield tags, (term[-1] if term else ''), mv

class Eng:
    def __init__(self, cmd, init):
        self.p = subprocess.Popen(cmd, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        for l in init: self.send(l)
    def send(self, l): self.p.stdin.write(l + '\n'); self.p.stdin.flush()
    def go(self, pos, go):
        self.send(pos); self.send(go); last = ''
        while True:
            l = self.p.stdout.readline()
            if not l: raise SystemExit('engine died')
            if l.startswith('info') and ' score ' in l: last = l
            if l.startswith('bestmove'): return last, l.split()[1]

def score(info):
    m = re.search(r'score (cp|mate) (-?\d+)', info)
    if not m: m2 = re.search(r'score (-?\d+)', info); return ('cp', int(m2.group(1))) if m2 else ('?', 0)
    return m.group(1), int(m.group(2))

def up(m):  # ICCS ranks 0-9 -> Fairy-Stockfish ranks 1-10
    return m[0] + str(int(m[1]) + 1) + m[2] + str(int(m[3]) + 1)

qs_ = [Eng(b, ['ucci', 'setoption usebook false']) for b in qe.split(',')]
f = Eng(os.environ.get('FS_CMD', 'node ../shared/oracles/fsuci.js'), ['uci', 'setoption name UCI_Variant value xiangqi', 'setoption name Threads value 1', 'setoption name Hash value 16'])
print('game j', ' '.join(f'q{i}_score q{i}_move' for i in range(len(qs_))), 'fs_score fs_move game_move')
for tags, term, mv in games(open(pgn).read()):
    if 'checkmated' not in term and 'no legal move' not in term: continue
    loser = 'Red' if term.startswith('Black wins') else 'Black'
    if 'qipan' not in tags.get(loser, ''): continue
    n = len(mv)
    for j in js:
        k = n - 2 * j
        if k < 10: continue
        hist = mv[:k]
        out = []
        for q in qs_:
            qi, qm = q.go('position startpos moves ' + ' '.join(hist), f'go nodes {nodes}')
            qs = score(qi)
            out.append((f'{qs[1]}' if abs(qs[1]) < 9000 else f'M{qs[1]}') + ' ' + qm)
        fi, fm = f.go('position startpos moves ' + ' '.join(up(m) for m in hist), f'go movetime {fsms}')
        fs = score(fi)
        print(tags['Round'], j, ' '.join(out), f'{fs[0]}:{fs[1]}', fm, mv[k], flush=True)
