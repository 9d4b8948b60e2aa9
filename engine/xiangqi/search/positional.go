package search

import (
	mathbits "math/bits"

	"qipan/engine/xiangqi"
)

// Positional terms beyond material and piece-square tables, computed from scratch at each
// evaluation (one pass over the board). Each term is a feature (Red's count minus Black's)
// times a weight, so the weights can be fitted to game results (cmd/qipan-tune).

// Feature indexes.
const (
	FHollowCannon   = iota // cannon facing the enemy general with nothing between (空头炮)
	FCentralCannon         // cannon facing the enemy general over one screen (镇中炮)
	FAttackNoAdv           // attackers across the river × missing enemy advisors
	FAttackNoEle           // attackers across the river × missing enemy elephants
	FPalaceZone            // chariots, horses, cannons inside the enemy palace's files on its last three ranks
	FHorseMob              // horse moves (free leg, not onto an own piece)
	FHorseTrapped          // horses with at most one move
	FChariotMob            // points a chariot reaches
	FChariotBlocked        // chariots with at most two moves
	FCannonBack            // cannon on the enemy's back rank (沉底炮)
	FSoldierPair           // crossed soldiers side by side
	FCannonMob             // points a cannon moves to, and enemy pieces it can take
	FPalaceAttack          // enemy palace points attacked (chariots, horses, cannons, soldiers)
	FKingDanger            // enemy palace points attacked × pieces attacking them
	NumFeatures
)

// FeatureNames name the features for the tuner's output.
var FeatureNames = [NumFeatures]string{"HollowCannon", "CentralCannon", "AttackNoAdv", "AttackNoEle",
	"PalaceZone", "HorseMob", "HorseTrapped", "ChariotMob", "ChariotBlocked", "CannonBack", "SoldierPair",
	"CannonMob", "PalaceAttack", "KingDanger"}

// Weights of the features (centipawns, chariot = 600), fitted with the square tables (eval.go).
// The horse terms, cannon mobility and the palace-attack terms are 0 and were held there in the
// fit: they need scans of their own that cost about a sixth of the search's speed, and fitted
// to Fairy-Stockfish's scores they lost in self-play (docs/strength-log.md, sixth session); the
// tuner still counts them.
var Weights = [NumFeatures]int32{
	FHollowCannon:   52,
	FCentralCannon:  18,
	FAttackNoAdv:    4,
	FAttackNoEle:    13,
	FPalaceZone:     22,
	FHorseMob:       0,
	FHorseTrapped:   0,
	FChariotMob:     6,
	FChariotBlocked: -24,
	FCannonBack:     12,
	FSoldierPair:    17,
	FCannonMob:      0,
	FPalaceAttack:   0,
	FKingDanger:     0,
}

// enemyPalace[c][s] says whether s is a point of the palace c attacks.
var enemyPalace [2][xiangqi.NumSquares]bool

type hop struct{ to, leg xiangqi.Square }

// horseHops[s] lists the points a horse on s jumps to and the leg that must be empty (built
// from horseTo by see.go's init).
var (
	horseHops  [xiangqi.NumSquares][8]hop
	horseHopsN [xiangqi.NumSquares]uint8
)

func init() {
	for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
		enemyPalace[xiangqi.Red][s] = inPalace(xiangqi.Black, s)
		enemyPalace[xiangqi.Black][s] = inPalace(xiangqi.Red, s)
	}
}

// Features counts each feature for Red minus Black.
func Features(p *xiangqi.Position) [NumFeatures]int32 {
	var b board
	b.load(p)
	return features(&b, p, true)
}

// board is a copy of a position's points, read without Position.At's range check; the
// search keeps one up to date move by move (Go's wasm code pays much for each call and check).
type board struct {
	sq  [xiangqi.NumSquares]xiangqi.Piece
	occ [2]uint64 // occupied points: bit s&63 of word s>>6
}

func (b *board) load(p *xiangqi.Position) {
	b.occ = [2]uint64{}
	for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
		b.sq[s] = p.At(s)
		if b.sq[s] != xiangqi.NoPiece {
			b.occ[s>>6] |= 1 << (uint(s) & 63)
		}
	}
}

// move moves the piece on from to to (capturing what stands there).
func (b *board) move(from, to xiangqi.Square) {
	b.sq[to], b.sq[from] = b.sq[from], xiangqi.NoPiece
	b.occ[from>>6&1] &^= 1 << (uint(from) & 63)
	b.occ[to>>6&1] |= 1 << (uint(to) & 63)
}

// unmove takes back move(from, to), putting cap back on to.
func (b *board) unmove(from, to xiangqi.Square, cap xiangqi.Piece) {
	b.sq[from], b.sq[to] = b.sq[to], cap
	b.occ[from>>6&1] |= 1 << (uint(from) & 63)
	if cap == xiangqi.NoPiece {
		b.occ[to>>6&1] &^= 1 << (uint(to) & 63)
	}
}

// features counts the features on bd, the points of p (p gives the generals and counts). With
// all false (the search's evaluation) the counts that need scans of their own (cannon and
// horse mobility, the palace points attacked) are left at 0 while their weights are 0: they
// cost about a sixth of the search's speed (BenchmarkBench) for nothing then. The tuner
// (Features) counts all.
func features(bd *board, p *xiangqi.Position, all bool) (f [NumFeatures]int32) {
	palace := all || Weights[FPalaceAttack] != 0 || Weights[FKingDanger] != 0
	cannonScan := palace || Weights[FCannonMob] != 0
	horseScan := palace || Weights[FHorseMob] != 0 || Weights[FHorseTrapped] != 0
	var attackers, palaceHits, palaceAttackers [2]int32
	gen := [2]xiangqi.Square{p.GeneralSquare(xiangqi.Red), p.GeneralSquare(xiangqi.Black)}
	b := &bd.sq
	for w := 0; w < 2; w++ {
		for bits := bd.occ[w]; bits != 0; bits &= bits - 1 {
			s := xiangqi.Square(w<<6 + mathbits.TrailingZeros64(bits))
			pc := b[s]
			c := pc.Color()
			sign := int32(1) - 2*int32(c)
			k := pc.Kind()
			switch k {
			case xiangqi.General, xiangqi.Advisor, xiangqi.Elephant:
				continue
			case xiangqi.Soldier:
				if !ownHalf(c, s) {
					if s.File() < 8 && b[s+1] == pc {
						f[FSoldierPair] += sign
					}
					if palace {
						if hits := soldierPalaceHits(c, s); hits > 0 {
							palaceHits[c] += hits
							palaceAttackers[c]++
						}
					}
				}
				continue
			}
			hits := int32(0) // enemy palace points this piece attacks
			// A chariot, horse or cannon.
			if !ownHalf(c, s) {
				attackers[c]++
				if r := s.Rank(); s.File() >= 3 && s.File() <= 5 && (c == xiangqi.Red && r >= 7 || c == xiangqi.Black && r <= 2) {
					f[FPalaceZone] += sign
				}
			}
			switch k {
			case xiangqi.Horse:
				if !horseScan {
					break // out of the switch: the horse's counts are its scan
				}
				n := int32(0)
				hops := &horseHops[s]
				for j := uint8(0); j < horseHopsN[s]; j++ {
					h := hops[j]
					if b[h.leg] == xiangqi.NoPiece {
						if q := b[h.to]; q == xiangqi.NoPiece || q.Color() != c {
							n++
						}
						if enemyPalace[c][h.to] {
							hits++
						}
					}
				}
				f[FHorseMob] += sign * n
				if n <= 1 {
					f[FHorseTrapped] += sign
				}
			case xiangqi.Chariot:
				n := int32(0)
				for d := 0; d < 4; d++ {
					ray := &seeRays[s][d]
					for j := uint8(0); j < seeRayN[s][d]; j++ {
						t := ray[j]
						if enemyPalace[c][t] {
							hits++
						}
						q := b[t]
						if q == xiangqi.NoPiece {
							n++
							continue
						}
						if q.Color() != c {
							n++
						}
						break
					}
				}
				f[FChariotMob] += sign * n
				if n <= 2 {
					f[FChariotBlocked] += sign
				}
			case xiangqi.Cannon:
				g := gen[c^1]
				if g.File() == s.File() {
					lo, hi := min(g, s), max(g, s)
					between := 0
					for t := lo + 9; t < hi; t += 9 {
						if b[t] != xiangqi.NoPiece {
							between++
						}
					}
					switch between {
					case 0:
						f[FHollowCannon] += sign
					case 1:
						f[FCentralCannon] += sign
					}
				}
				if r := s.Rank(); c == xiangqi.Red && r == 9 || c == xiangqi.Black && r == 0 {
					f[FCannonBack] += sign
				}
				if !cannonScan {
					break // out of the switch: the rest of the cannon's count is its scan
				}
				// Points before the screen it moves to; beyond the screen, up to the next piece, it
				// attacks (a general stepping there is in check).
				n := int32(0)
				for d := 0; d < 4; d++ {
					ray := &seeRays[s][d]
					screen := false
					for j := uint8(0); j < seeRayN[s][d]; j++ {
						t := ray[j]
						q := b[t]
						if !screen {
							if q == xiangqi.NoPiece {
								n++
							} else {
								screen = true
							}
							continue
						}
						if enemyPalace[c][t] {
							hits++
						}
						if q != xiangqi.NoPiece {
							if q.Color() != c {
								n++
							}
							break
						}
					}
				}
				f[FCannonMob] += sign * n
			}
			if hits > 0 {
				palaceHits[c] += hits
				palaceAttackers[c]++
			}
		}
	}
	for c := xiangqi.Red; c <= xiangqi.Black; c++ {
		e := c.Other()
		sign := int32(1 - 2*int(c))
		adv := int32(2 - p.Count(xiangqi.MakePiece(e, xiangqi.Advisor)))
		ele := int32(2 - p.Count(xiangqi.MakePiece(e, xiangqi.Elephant)))
		f[FAttackNoAdv] += sign * attackers[c] * adv
		f[FAttackNoEle] += sign * attackers[c] * ele
		if palace {
			f[FPalaceAttack] += sign * palaceHits[c]
			f[FKingDanger] += sign * palaceHits[c] * palaceAttackers[c]
		}
	}
	return f
}

// soldierPalaceHits counts the enemy palace points a soldier of c on s (across the river)
// attacks: ahead and to either side.
func soldierPalaceHits(c xiangqi.Color, s xiangqi.Square) int32 {
	f, r := s.File(), s.Rank()
	ahead := r + 1
	if c == xiangqi.Black {
		ahead = r - 1
	}
	n := int32(0)
	if ahead >= 0 && ahead <= 9 && enemyPalace[c][xiangqi.SquareOf(f, ahead)] {
		n++
	}
	if f > 0 && enemyPalace[c][xiangqi.SquareOf(f-1, r)] {
		n++
	}
	if f < 8 && enemyPalace[c][xiangqi.SquareOf(f+1, r)] {
		n++
	}
	return n
}

// Positional returns the weighted features from Red's view.
func Positional(p *xiangqi.Position) int {
	var b board
	b.load(p)
	return positional(&b, p)
}

func positional(b *board, p *xiangqi.Position) int {
	f := features(b, p, false)
	v := int32(0)
	for i, x := range f {
		v += x * Weights[i]
	}
	return int(v)
}
