package desktop

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"qipan/app/glyph"
)

// Seg is one segment of an outline: MoveTo, LineTo, QuadTo (one control point), CubicTo (two)
// or Close, with its points in P (x, y pairs, the end point last).
type Seg struct {
	Op SegOp
	P  [6]float32
}

// SegOp is a segment's kind.
type SegOp uint8

const (
	MoveTo SegOp = iota
	LineTo
	QuadTo
	CubicTo
	Close
)

// ParsePath reads SVG path data with absolute commands M, L, Q, C and Z (what app/glyph
// writes) into segments. Anything else is an error naming the place.
func ParsePath(d string) ([]Seg, error) {
	var segs []Seg
	f := strings.FieldsFunc(d, func(r rune) bool { return r == ' ' || r == ',' })
	var tokens []string
	for _, s := range f {
		// Commands may be glued to their first number ("M126"), numbers to each other ("-1-2").
		for s != "" {
			i := 1
			if s[0] >= 'A' && s[0] <= 'Z' {
				tokens = append(tokens, s[:1])
				s = s[1:]
				continue
			}
			for i < len(s) && s[i] != '-' && !(s[i] >= 'A' && s[i] <= 'Z') {
				i++
			}
			tokens = append(tokens, s[:i])
			s = s[i:]
		}
	}
	need := map[string]struct {
		op SegOp
		n  int
	}{"M": {MoveTo, 2}, "L": {LineTo, 2}, "Q": {QuadTo, 4}, "C": {CubicTo, 6}, "Z": {Close, 0}}
	cmd := ""
	for i := 0; i < len(tokens); {
		t := tokens[i]
		if t[0] >= 'A' && t[0] <= 'Z' {
			if _, ok := need[t]; !ok {
				return nil, fmt.Errorf("path: command %q at token %d is not one of M L Q C Z", t, i)
			}
			cmd = t
			i++
			if cmd == "Z" {
				segs = append(segs, Seg{Op: Close})
				continue
			}
		} else if cmd == "" || cmd == "Z" {
			return nil, fmt.Errorf("path: number %q at token %d has no command", t, i)
		}
		n := need[cmd]
		if i+n.n > len(tokens) {
			return nil, fmt.Errorf("path: %s at token %d needs %d numbers", cmd, i, n.n)
		}
		s := Seg{Op: n.op}
		for k := range n.n {
			v, err := strconv.ParseFloat(tokens[i+k], 32)
			if err != nil {
				return nil, fmt.Errorf("path: token %d: %w", i+k, err)
			}
			s.P[k] = float32(v)
		}
		segs = append(segs, s)
		i += n.n
		if cmd == "M" {
			cmd = "L" // numbers after a moveto are linetos
		}
	}
	return segs, nil
}

var outlines sync.Map // rune → []Seg

// Outline returns the outline of r from app/glyph (a glyph.Size box centred on (0, 0), y
// down), parsed once; false if app/glyph has no such character.
func Outline(r rune) ([]Seg, bool) {
	if v, ok := outlines.Load(r); ok {
		return v.([]Seg), true
	}
	d, ok := glyph.Path(r)
	if !ok {
		return nil, false
	}
	segs, err := ParsePath(d)
	if err != nil {
		return nil, false // glyph_test checks every path parses
	}
	outlines.Store(r, segs)
	return segs, true
}
