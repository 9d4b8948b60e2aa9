package glyph

import (
	"fmt"
	"strconv"
)

// Op is the kind of an outline's segment.
type Op uint8

// The segments of the paths this package holds: absolute SVG commands M, L, Q, C and Z.
const (
	MoveTo Op = iota
	LineTo
	QuadTo  // one control point, then the end
	CubicTo // two control points, then the end
	Close
)

// Segment is one step of an outline: its kind and its points as x, y pairs, the end last.
type Segment struct {
	Op Op
	P  []float32
}

// Outline returns r's outline (Path) as segments, false if there is none or it cannot be read.
func Outline(r rune) ([]Segment, bool) {
	d, ok := paths[r]
	if !ok {
		return nil, false
	}
	segs, err := parseOutline(d)
	return segs, err == nil
}

// parseOutline reads path data in the commands this package writes; numbers may follow their
// command or each other with no space ("M126-457").
func parseOutline(d string) ([]Segment, error) {
	points := map[byte]struct {
		op Op
		n  int
	}{'M': {MoveTo, 2}, 'L': {LineTo, 2}, 'Q': {QuadTo, 4}, 'C': {CubicTo, 6}, 'Z': {Close, 0}}
	var out []Segment
	i := 0
	number := func() (float32, error) {
		for i < len(d) && (d[i] == ' ' || d[i] == ',') {
			i++
		}
		start := i
		if i < len(d) && d[i] == '-' {
			i++
		}
		for i < len(d) && (d[i] >= '0' && d[i] <= '9' || d[i] == '.') {
			i++
		}
		v, err := strconv.ParseFloat(d[start:i], 32)
		if err != nil {
			return 0, fmt.Errorf("glyph: a number at %d of %q", start, d)
		}
		return float32(v), nil
	}
	for i < len(d) {
		c := d[i]
		if c == ' ' {
			i++
			continue
		}
		cmd, ok := points[c]
		if !ok {
			return nil, fmt.Errorf("glyph: command %q at %d", c, i)
		}
		i++
		s := Segment{Op: cmd.op, P: make([]float32, cmd.n)}
		for k := range s.P {
			v, err := number()
			if err != nil {
				return nil, err
			}
			s.P[k] = v
		}
		out = append(out, s)
	}
	return out, nil
}
