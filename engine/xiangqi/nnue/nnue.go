// Package nnue is a small efficiently updatable neural network evaluation for Xiangqi, sized
// for Go's WebAssembly (no SIMD): integer arithmetic only, an accumulator per side updated by
// the two or three features a move changes, and two tiny dense layers after it.
//
// Inputs: for each point of view (each side), one feature per piece and point, the piece as
// that side's own or the other's (7 kinds × 2) and the point seen from that side's end (the
// ranks turned round for Black): 14 × 90 = 1,260 features, of which at most 32 are on. The
// accumulator of a side is B1 plus the sum of W1's rows of its features (Hidden int16 values).
//
// Forward pass: the side to move's accumulator, then the other's, each clipped to 0..QA, make
// 2·Hidden inputs of a dense layer (int8 weights) to L2 values, scaled and clipped to 0..QA;
// a last dense layer (int8 weights) gives the score, in centipawns after OutShift.
//
// The file format (Marshal, Load): "QPNN", format version, Hidden, L2, OutShift and the mode
// (0: the whole evaluation, 1: added to the hand evaluation) as uint32 little-endian, the arrays in the order of Net's fields, and a CRC-32 (IEEE) of everything
// before it. Load rejects a file of another format, wrong sizes or a bad checksum, naming
// what is wrong.
package nnue

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math/rand/v2"

	"qipan/engine/xiangqi"
)

const (
	// Features is the number of input features: 14 pieces (own, other) × 90 points.
	Features = 14 * xiangqi.NumSquares
	// MaxHidden bounds the accumulator's width (one Accumulator holds MaxHidden per side, and
	// the search copies one per move made: wider networks cost too much in wasm anyway).
	MaxHidden = 64
	// MaxL2 bounds the second layer's width.
	MaxL2 = 64
	// QA is the clip of the activations (they run 0..QA).
	QA = 127
	// l2Shift scales the second layer's sums back to activations.
	l2Shift = 6
	// FormatVersion is the file format Marshal writes and Load reads.
	FormatVersion = 2
)

var magic = [4]byte{'Q', 'P', 'N', 'N'}

// Net is the network's weights.
type Net struct {
	Hidden   int    // accumulator width per side (≤ MaxHidden)
	L2       int    // second layer width (≤ MaxL2)
	OutShift uint32 // the output sum is shifted right by this to give centipawns
	// Residual: the network's score is added to the hand evaluation (it learned what the
	// hand evaluation misses); otherwise it is the whole evaluation.
	Residual bool
	W1       []int16 // Features × Hidden, feature-major
	B1       []int16 // Hidden
	W2       []int8  // 2·Hidden × L2, row per input (the side to move's Hidden first)
	B2       []int32 // L2
	W3       []int8  // L2
	B3       int32
}

// Accumulator is the first layer's sums of both sides (index: xiangqi.Color), for one
// position. Copy it to keep a parent's; it holds no pointers.
type Accumulator struct {
	v [2][MaxHidden]int16
}

// Feature returns the input index of pc on s as side c sees it.
func Feature(c xiangqi.Color, pc xiangqi.Piece, s xiangqi.Square) int {
	kind := int(pc.Kind()) - 1
	if pc.Color() != c {
		kind += 7
	}
	sq := int(s)
	if c == xiangqi.Black {
		sq = (9-s.Rank())*9 + s.File()
	}
	return kind*xiangqi.NumSquares + sq
}

// Refresh computes a's sums for p from scratch.
func (n *Net) Refresh(a *Accumulator, p *xiangqi.Position) {
	h := n.Hidden
	for c := range 2 {
		copy(a.v[c][:h], n.B1)
	}
	for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
		if pc := p.At(s); pc != xiangqi.NoPiece {
			n.add(a, pc, s)
		}
	}
}

func (n *Net) add(a *Accumulator, pc xiangqi.Piece, s xiangqi.Square) {
	h := n.Hidden
	for c := xiangqi.Red; c <= xiangqi.Black; c++ {
		row := n.W1[Feature(c, pc, s)*h:][:h]
		acc := a.v[c][:h]
		for i, w := range row {
			acc[i] += w
		}
	}
}

func (n *Net) sub(a *Accumulator, pc xiangqi.Piece, s xiangqi.Square) {
	h := n.Hidden
	for c := xiangqi.Red; c <= xiangqi.Black; c++ {
		row := n.W1[Feature(c, pc, s)*h:][:h]
		acc := a.v[c][:h]
		for i, w := range row {
			acc[i] -= w
		}
	}
}

// Update changes a, the sums of p, into those of p after m (p is the position before m is
// made): the mover leaves from, arrives on to, and a captured piece leaves to.
func (n *Net) Update(a *Accumulator, p *xiangqi.Position, m xiangqi.Move) {
	from, to := m.From(), m.To()
	pc := p.At(from)
	if captured := p.At(to); captured != xiangqi.NoPiece {
		n.sub(a, captured, to)
	}
	n.sub(a, pc, from)
	n.add(a, pc, to)
}

func clip(v int32) int32 {
	if v < 0 {
		return 0
	}
	if v > QA {
		return QA
	}
	return v
}

// Evaluate returns the score in centipawns for stm, the side to move, of the position whose
// sums a holds. The second layer runs input by input, skipping the inputs the clip made zero
// (most of them, as in every ReLU network).
func (n *Net) Evaluate(a *Accumulator, stm xiangqi.Color) int {
	h, l2 := n.Hidden, n.L2
	var sums [MaxL2]int32
	copy(sums[:l2], n.B2)
	for half, c := range [2]xiangqi.Color{stm, stm ^ 1} {
		for i, v := range a.v[c][:h] {
			x := clip(int32(v))
			if x == 0 {
				continue
			}
			row := n.W2[(half*h+i)*l2:][:l2]
			for j, w := range row {
				sums[j] += int32(w) * x
			}
		}
	}
	out := n.B3
	for j, w := range n.W3 {
		out += int32(w) * clip(sums[j]>>l2Shift)
	}
	return int(out >> n.OutShift)
}

// check reports whether n's sizes agree with its widths.
func (n *Net) check() error {
	switch {
	case n.Hidden < 1 || n.Hidden > MaxHidden:
		return fmt.Errorf("nnue: hidden width %d, want 1..%d", n.Hidden, MaxHidden)
	case n.L2 < 1 || n.L2 > MaxL2:
		return fmt.Errorf("nnue: second layer width %d, want 1..%d", n.L2, MaxL2)
	case n.OutShift > 31:
		return fmt.Errorf("nnue: output shift %d, want 0..31", n.OutShift)
	case len(n.W1) != Features*n.Hidden || len(n.B1) != n.Hidden:
		return errors.New("nnue: first layer sizes do not match the hidden width")
	case len(n.W2) != n.L2*2*n.Hidden || len(n.B2) != n.L2 || len(n.W3) != n.L2:
		return errors.New("nnue: dense layer sizes do not match the widths")
	}
	return nil
}

// Marshal writes n in the file format.
func (n *Net) Marshal() ([]byte, error) {
	if err := n.check(); err != nil {
		return nil, err
	}
	b := append([]byte(nil), magic[:]...)
	residual := uint32(0)
	if n.Residual {
		residual = 1
	}
	for _, v := range []uint32{FormatVersion, uint32(n.Hidden), uint32(n.L2), n.OutShift, residual} {
		b = binary.LittleEndian.AppendUint32(b, v)
	}
	for _, v := range n.W1 {
		b = binary.LittleEndian.AppendUint16(b, uint16(v))
	}
	for _, v := range n.B1 {
		b = binary.LittleEndian.AppendUint16(b, uint16(v))
	}
	for _, v := range n.W2 {
		b = append(b, byte(v))
	}
	for _, v := range n.B2 {
		b = binary.LittleEndian.AppendUint32(b, uint32(v))
	}
	for _, v := range n.W3 {
		b = append(b, byte(v))
	}
	b = binary.LittleEndian.AppendUint32(b, uint32(n.B3))
	return binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b)), nil
}

// Load reads a network written by Marshal.
func Load(b []byte) (*Net, error) {
	const head = 4 + 5*4
	if len(b) < head+4 {
		return nil, fmt.Errorf("nnue: %d bytes is too short for a network file", len(b))
	}
	if [4]byte(b[:4]) != magic {
		return nil, errors.New("nnue: not a network file (no QPNN mark)")
	}
	u32 := func(at int) uint32 { return binary.LittleEndian.Uint32(b[at:]) }
	if v := u32(4); v != FormatVersion {
		return nil, fmt.Errorf("nnue: format version %d, this build reads %d", v, FormatVersion)
	}
	body := len(b) - 4
	if sum := crc32.ChecksumIEEE(b[:body]); sum != u32(body) {
		return nil, errors.New("nnue: the file is damaged (checksum mismatch)")
	}
	n := &Net{Hidden: int(u32(8)), L2: int(u32(12)), OutShift: u32(16), Residual: u32(20) == 1}
	if u32(20) > 1 {
		return nil, fmt.Errorf("nnue: mode %d, want 0 (whole evaluation) or 1 (added to the hand one)", u32(20))
	}
	if n.Hidden < 1 || n.Hidden > MaxHidden || n.L2 < 1 || n.L2 > MaxL2 {
		return nil, fmt.Errorf("nnue: widths %d and %d are out of range", n.Hidden, n.L2)
	}
	want := head + 2*(Features*n.Hidden+n.Hidden) + n.L2*2*n.Hidden + 4*n.L2 + n.L2 + 4 + 4
	if len(b) != want {
		return nil, fmt.Errorf("nnue: %d bytes, a network of widths %d and %d takes %d", len(b), n.Hidden, n.L2, want)
	}
	at := head
	i16 := func(k int) []int16 {
		out := make([]int16, k)
		for i := range out {
			out[i] = int16(binary.LittleEndian.Uint16(b[at:]))
			at += 2
		}
		return out
	}
	i8 := func(k int) []int8 {
		out := make([]int8, k)
		for i := range out {
			out[i] = int8(b[at])
			at++
		}
		return out
	}
	n.W1, n.B1 = i16(Features*n.Hidden), i16(n.Hidden)
	n.W2 = i8(n.L2 * 2 * n.Hidden)
	n.B2 = make([]int32, n.L2)
	for i := range n.B2 {
		n.B2[i] = int32(u32(at))
		at += 4
	}
	n.W3 = i8(n.L2)
	n.B3 = int32(u32(at))
	return n, n.check()
}

// Random returns a network of the given widths with small random weights (its sums stay far
// from int16's limits): for testing the code around a network, not for play.
func Random(h, l2 int, seed uint64) *Net {
	r := rand.New(rand.NewPCG(seed, 7))
	n := &Net{Hidden: h, L2: l2, OutShift: 4,
		W1: make([]int16, Features*h), B1: make([]int16, h),
		W2: make([]int8, l2*2*h), B2: make([]int32, l2), W3: make([]int8, l2), B3: int32(r.IntN(200) - 100)}
	for i := range n.W1 {
		n.W1[i] = int16(r.IntN(33) - 16)
	}
	for i := range n.B1 {
		n.B1[i] = int16(r.IntN(64))
	}
	for i := range n.W2 {
		n.W2[i] = int8(r.IntN(255) - 127)
	}
	for i := range n.B2 {
		n.B2[i] = int32(r.IntN(2000) - 1000)
	}
	for i := range n.W3 {
		n.W3[i] = int8(r.IntN(255) - 127)
	}
	return n
}
