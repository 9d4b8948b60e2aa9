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
	NumFeatures
)

// FeatureNames name the features for the tuner's output.
var FeatureNames = [NumFeatures]string{"HollowCannon", "CentralCannon", "AttackNoAdv", "AttackNoEle",
	"PalaceZone", "HorseMob", "HorseTrapped", "ChariotMob", "ChariotBlocked", "CannonBack", "SoldierPair"}

// Weights of the features (centipawns, chariot = 600), fitted with the square tables (eval.go).
var Weights = [NumFeatures]int32{
	FHollowCannon:   66,
	FCentralCannon:  18,
	FAttackNoAdv:    -6,
	FAttackNoEle:    -19,
	FPalaceZone:     4,
	FHorseMob:       5,
	FHorseTrapped:   -21,
	FChariotMob:     1,
	FChariotBlocked: -20,
	FCannonBack:     10,
	FSoldierPair:    10,
}

type hop struct{ to, leg xiangqi.Square }

// horseHops[s] lists the points a horse on s jumps to and the leg that must be empty.
var (
	horseHops  [xiangqi.NumSquares][8]hop
	horseHopsN [xiangqi.NumSquares]uint8
)

func init() {
	for t := xiangqi.Square(0); t < xiangqi.NumSquares; t++ {
		for i := uint8(0); i < horseToN[t]; i++ {
			st := horseTo[t][i]
			horseHops[st.from][horseHopsN[st.from]] = hop{t, st.leg}
			horseHopsN[st.from]++
		}
	}
}

// Features counts each feature for Red minus Black.
func Features(p *xiangqi.Position) [NumFeatures]int32 {
	var b board
	b.load(p)
	return features(&b, p)
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

// features counts the features on bd, the points of p (p gives the generals and counts).
func features(bd *board, p *xiangqi.Position) (f [NumFeatures]int32) {
	var attackers [2]int32
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
				if !ownHalf(c, s) && s.File() < 8 && b[s+1] == pc {
					f[FSoldierPair] += sign
				}
				continue
			}
			// A chariot, horse or cannon.
			if !ownHalf(c, s) {
				attackers[c]++
				if r := s.Rank(); s.File() >= 3 && s.File() <= 5 && (c == xiangqi.Red && r >= 7 || c == xiangqi.Black && r <= 2) {
					f[FPalaceZone] += sign
				}
			}
			switch k {
			case xiangqi.Horse:
				n := int32(0)
				hops := &horseHops[s]
				for j := uint8(0); j < horseHopsN[s]; j++ {
					h := hops[j]
					if b[h.leg] == xiangqi.NoPiece {
						if q := b[h.to]; q == xiangqi.NoPiece || q.Color() != c {
							n++
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
						q := b[ray[j]]
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
	}
	return f
}

// Positional returns the weighted features from Red's view.
func Positional(p *xiangqi.Position) int {
	var b board
	b.load(p)
	return positional(&b, p)
}

func positional(b *board, p *xiangqi.Position) int {
	f := features(b, p)
	v := int32(0)
	for i, x := range f {
		v += x * Weights[i]
	}
	return int(v)
}
