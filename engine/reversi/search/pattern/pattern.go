// Package pattern is a pattern evaluation of Reversi positions, as in Edax and Egaroucid but
// smaller: a weight for each configuration of each line, diagonal and corner, looked up and
// summed, plus mobility and potential mobility. The endgame solver orders its moves with it.
//
// Patterns (38 lookups a position, one weight table per class, shared by the board's
// symmetries): the 16 rows and columns (4 classes: edge, second, third and fourth line), the 18
// diagonals of 4 to 8 squares (5 classes by length), the 3×3 block at each corner. A line is
// read the same either way (its weight is that of the smaller of its two readings) and a corner
// block the same either side of its diagonal, so the evaluation is exactly symmetric.
//
// The weights are fitted by cmd/reversi-train on positions labelled by the exact solver and
// embedded (weights.bin, read by Load: magic, version, sizes and a CRC-32 checked).
package pattern

import (
	"bytes"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math/bits"

	"qipan/engine/reversi"
)

// Classes of patterns and the offsets of their tables in a stage's flat table.
const (
	nLine   = 4 // edge, second, third, fourth line
	nDiag   = 5 // diagonals of 8, 7, 6, 5, 4 squares
	nInst   = 16 + 18 + 4
	p8      = 6561  // 3^8
	p9      = 19683 // 3^9
	rawSize = nLine*p8 + (p8 + 2187 + 729 + 243 + 81) + p9
)

var (
	lineOff   = [nLine]int{0, p8, 2 * p8, 3 * p8}
	diagOff   = [nDiag]int{4 * p8, 5 * p8, 5*p8 + 2187, 5*p8 + 2187 + 729, 5*p8 + 2187 + 729 + 243}
	cornerOff = 5*p8 + 2187 + 729 + 243 + 81
	rowClass  = [8]int{0, 1, 2, 3, 3, 2, 1, 0}
	tern      [256]int32 // tern[b] = the sum of 3^i over the bits i of b
)

func init() {
	for b := 0; b < 256; b++ {
		t, w := int32(0), int32(1)
		for i := 0; i < 8; i++ {
			if b>>i&1 != 0 {
				t += w
			}
			w *= 3
		}
		tern[b] = t
	}
}

// Weights is a fitted evaluation: per stage (a range of empties), a table of centi-disc
// weights for every pattern configuration, and the weights of mobility, potential mobility and
// a constant.
type Weights struct {
	stages []stage
}

type stage struct {
	raw            [rawSize]int16
	mob, pot, bias int16
}

func (w *Weights) stageOf(empties int) *stage {
	return &w.stages[min(empties, 60)*len(w.stages)/61]
}

// mirrorH mirrors the board left to right (a1 <-> h1).
func mirrorH(x uint64) uint64 {
	x = x>>1&0x5555555555555555 | x&0x5555555555555555<<1
	x = x>>2&0x3333333333333333 | x&0x3333333333333333<<2
	return x>>4&0x0f0f0f0f0f0f0f0f | x&0x0f0f0f0f0f0f0f0f<<4
}

// transpose flips the board about the a1-h8 diagonal (b1 <-> a2).
func transpose(x uint64) uint64 {
	t := 0x0f0f0f0f00000000 & (x ^ x<<28)
	x ^= t ^ t>>28
	t = 0x3333000033330000 & (x ^ x<<14)
	x ^= t ^ t>>14
	t = 0x5500550055005500 & (x ^ x<<7)
	return x ^ t ^ t>>7
}

const mainDiag = 0x8040201008040201

// gatherDiag returns the squares of x on the diagonal r = c + k as a byte, bit c for column c,
// shifted down to start at bit 0.
func gatherDiag(x uint64, k int) uint64 {
	if k >= 0 {
		return (x & (mainDiag << (8 * uint(k)))) * 0x0101010101010101 >> 56
	}
	return (x & (mainDiag >> (8 * uint(-k)))) * 0x0101010101010101 >> 56 >> uint(-k)
}

func corner3(P, O uint64) int32 {
	return tern[P&7] + 27*tern[P>>8&7] + 729*tern[P>>16&7] +
		2*(tern[O&7]+27*tern[O>>8&7]+729*tern[O>>16&7])
}

// indices writes the flat table index of each of the 38 patterns of (P, O).
func indices(P, O uint64, idx *[nInst]int32) {
	k := 0
	tP, tO := transpose(P), transpose(O)
	for r := 0; r < 8; r++ {
		s := uint(8 * r)
		off := int32(lineOff[rowClass[r]])
		idx[k] = off + tern[P>>s&255] + 2*tern[O>>s&255]
		idx[k+1] = off + tern[tP>>s&255] + 2*tern[tO>>s&255]
		k += 2
	}
	mP, mO := mirrorH(P), mirrorH(O)
	for d := -4; d <= 4; d++ {
		a := d
		if a < 0 {
			a = -a
		}
		off := int32(diagOff[a])
		idx[k] = off + tern[gatherDiag(P, d)] + 2*tern[gatherDiag(O, d)]
		idx[k+1] = off + tern[gatherDiag(mP, d)] + 2*tern[gatherDiag(mO, d)]
		k += 2
	}
	vP, vO := bits.ReverseBytes64(P), bits.ReverseBytes64(O)
	idx[k] = int32(cornerOff) + corner3(P, O)
	idx[k+1] = int32(cornerOff) + corner3(mP, mO)
	idx[k+2] = int32(cornerOff) + corner3(vP, vO)
	idx[k+3] = int32(cornerOff) + corner3(mirrorH(vP), mirrorH(vO))
}

// spread returns the squares next to any disc of b.
func spread(b uint64) uint64 {
	const notA, notH = 0xfefefefefefefefe, 0x7f7f7f7f7f7f7f7f
	return (b<<1|b<<9|b>>7)&notA | (b>>1|b>>9|b<<7)&notH | b<<8 | b>>8
}

// scalars returns mobility (moves of P minus moves of O) and potential mobility (empty
// squares next to O minus those next to P).
func scalars(P, O uint64) (mob, pot int32) {
	return scalarsOf(P, O, reversi.Moves(P, O), reversi.Moves(O, P))
}

// scalarsOf is scalars given the moves of P and of O.
func scalarsOf(P, O, mp, mo uint64) (mob, pot int32) {
	E := ^(P | O)
	mob = int32(bits.OnesCount64(mp)) - int32(bits.OnesCount64(mo))
	pot = int32(bits.OnesCount64(spread(O)&E)) - int32(bits.OnesCount64(spread(P)&E))
	return mob, pot
}

// Eval returns the evaluation of (P, O) for the side to move P, in centi-discs.
func (w *Weights) Eval(P, O uint64) int {
	return w.EvalMoves(P, O, reversi.Moves(P, O), reversi.Moves(O, P))
}

// Stages returns the number of stages (ranges of empties with weights of their own).
func (w *Weights) Stages() int { return len(w.stages) }

// EvalMoves is Eval given the moves of P (mp) and of O (mo).
func (w *Weights) EvalMoves(P, O, mp, mo uint64) int {
	st := w.stageOf(64 - bits.OnesCount64(P|O))
	var idx [nInst]int32
	indices(P, O, &idx)
	v := int32(st.bias)
	for _, i := range idx {
		v += int32(st.raw[i])
	}
	mob, pot := scalarsOf(P, O, mp, mo)
	return int(v + mob*int32(st.mob) + pot*int32(st.pot))
}

// File format: "QRVP", version (uint16), stages (uint16), then per stage rawSize int16 weights
// and mob, pot, bias (int16), all little-endian; then the CRC-32 (IEEE) of everything before.
const (
	magic   = "QRVP"
	version = 1
)

// Marshal encodes w in the file format.
func (w *Weights) Marshal() []byte {
	var b bytes.Buffer
	b.WriteString(magic)
	binary.Write(&b, binary.LittleEndian, uint16(version))
	binary.Write(&b, binary.LittleEndian, uint16(len(w.stages)))
	for i := range w.stages {
		st := &w.stages[i]
		binary.Write(&b, binary.LittleEndian, st.raw[:])
		binary.Write(&b, binary.LittleEndian, [3]int16{st.mob, st.pot, st.bias})
	}
	binary.Write(&b, binary.LittleEndian, crc32.ChecksumIEEE(b.Bytes()))
	return b.Bytes()
}

// Load decodes a weights file, rejecting a wrong or corrupt one with an error that says why.
func Load(data []byte) (*Weights, error) {
	if len(data) < 12 || string(data[:4]) != magic {
		return nil, errors.New("pattern: not a weights file (no QRVP header)")
	}
	if v := binary.LittleEndian.Uint16(data[4:]); v != version {
		return nil, fmt.Errorf("pattern: weights version %d, this build reads %d", v, version)
	}
	n := int(binary.LittleEndian.Uint16(data[6:]))
	want := 8 + n*(rawSize+3)*2 + 4
	if n == 0 || len(data) != want {
		return nil, fmt.Errorf("pattern: weights file of %d bytes, want %d for %d stages", len(data), want, n)
	}
	body := data[:len(data)-4]
	if got, sum := crc32.ChecksumIEEE(body), binary.LittleEndian.Uint32(data[len(data)-4:]); got != sum {
		return nil, fmt.Errorf("pattern: weights file corrupt (CRC-32 %08x, recorded %08x)", got, sum)
	}
	w := &Weights{stages: make([]stage, n)}
	r := bytes.NewReader(body[8:])
	for i := range w.stages {
		st := &w.stages[i]
		binary.Read(r, binary.LittleEndian, st.raw[:])
		var s [3]int16
		binary.Read(r, binary.LittleEndian, &s)
		st.mob, st.pot, st.bias = s[0], s[1], s[2]
	}
	return w, nil
}

//go:embed weights.bin
var embedded []byte

// Default is the embedded evaluation of the endgame solver's move ordering: one stage, fitted
// to positions of 10–18 empties.
var Default = mustLoad(embedded)

//go:embed midgame.bin
var embeddedMidgame []byte

// Midgame is the embedded evaluation of every stage: the midgame search's correction of its
// hand evaluation (search.PatternEval; fitted by cmd/reversi-train games and fit -stages).
var Midgame = mustLoad(embeddedMidgame)

func mustLoad(b []byte) *Weights {
	w, err := Load(b)
	if err != nil {
		panic(err) // the embedded file is checked by the tests; a build with a bad one is broken
	}
	return w
}
