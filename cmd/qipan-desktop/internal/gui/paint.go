package gui

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"qipan/app/desktop"
	"qipan/app/glyph"
)

// painter paints a desktop.Scene with vector shapes: everything is drawn at the window's
// current size, so the board stays sharp however the window is scaled.
type painter struct {
	sprites map[string]*sprite // rendered groups of ops, by their look
	used    map[string]bool    // the sprites stamped this frame (the others are dropped)
	font    *text.GoTextFaceSource
	faces   map[float64]*text.GoTextFace
	white   *ebiten.Image // a 1×1 white source for filled paths
	path    vector.Path
	vs      []ebiten.Vertex
	is      []uint16
}

func newPainter(font *text.GoTextFaceSource) *painter {
	w := ebiten.NewImage(3, 3)
	w.Fill(color.White)
	return &painter{font: font, faces: map[float64]*text.GoTextFace{}, white: w.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image),
		sprites: map[string]*sprite{}, used: map[string]bool{}}
}

// sprite is a group of ops rendered once: img holds them with the group's origin at (dx, dy).
type sprite struct {
	img    *ebiten.Image
	dx, dy float32
}

func nrgba(c desktop.Color) color.NRGBA { return color.NRGBA{c.R, c.G, c.B, c.A} }

// paint paints the shapes first, then the text. Ebiten draws antialiased shapes in an
// offscreen buffer twice the screen's size and composites it whenever a plain draw (text)
// comes between two of them: interleaving them cost a software renderer (Mesa's llvmpipe,
// under Xvfb) about a second a frame. No text of the scene lies under a later shape.
//
// Groups of ops (desktop.Op.Group: the board's lines and coordinates, each piece, each mark)
// are rendered once into a sprite and stamped each frame: a software renderer then copies a
// few images a frame instead of filling hundreds of antialiased paths.
func (p *painter) paint(dst *ebiten.Image, s desktop.Scene) {
	clear(p.used)
	for i := 0; i < len(s); i++ {
		if g := s[i].Group; g != 0 {
			j := i
			for j < len(s) && s[j].Group == g {
				j++
			}
			p.stamp(dst, s[i:j])
			i = j - 1
			continue
		}
		p.shape(dst, &s[i])
	}
	for i := range s {
		if o := &s[i]; o.Kind == desktop.OpText && o.Group == 0 {
			p.text(dst, o, nrgba(o.Color))
		}
	}
	for k, sp := range p.sprites {
		if !p.used[k] {
			sp.img.Deallocate()
			delete(p.sprites, k)
		}
	}
}

// stamp draws a group of ops through its sprite, rendering the sprite first if its look is new.
func (p *painter) stamp(dst *ebiten.Image, ops []desktop.Op) {
	ox, oy := ops[0].OX, ops[0].OY
	rel := make([]desktop.Op, len(ops))
	minX, minY, maxX, maxY := float32(math.Inf(1)), float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.Inf(-1))
	for i, o := range ops {
		o.X, o.Y, o.OX, o.OY, o.Group, o.Tag = o.X-ox, o.Y-oy, 0, 0, 0, ""
		if o.Kind == desktop.OpLine {
			o.W, o.H = o.W-ox, o.H-oy
		}
		rel[i] = o
		x0, y0, x1, y1 := extent(&o)
		minX, minY, maxX, maxY = min(minX, x0), min(minY, y0), max(maxX, x1), max(maxY, y1)
	}
	key := fmt.Sprint(rel)
	sp := p.sprites[key]
	if sp == nil {
		w, h := int(math.Ceil(float64(maxX-minX)))+4, int(math.Ceil(float64(maxY-minY)))+4
		sp = &sprite{img: ebiten.NewImage(max(w, 1), max(h, 1)), dx: 2 - minX, dy: 2 - minY}
		for i := range rel {
			rel[i].X, rel[i].Y = rel[i].X+sp.dx, rel[i].Y+sp.dy
			if rel[i].Kind == desktop.OpLine {
				rel[i].W, rel[i].H = rel[i].W+sp.dx, rel[i].H+sp.dy
			}
		}
		p.paint1(sp.img, rel)
		p.sprites[key] = sp
	}
	p.used[key] = true
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(float64(ox-sp.dx)), math.Round(float64(oy-sp.dy)))
	dst.DrawImage(sp.img, op)
}

// paint1 paints ops with no groups: shapes, then text.
func (p *painter) paint1(dst *ebiten.Image, ops []desktop.Op) {
	for i := range ops {
		p.shape(dst, &ops[i])
	}
	for i := range ops {
		if o := &ops[i]; o.Kind == desktop.OpText {
			p.text(dst, o, nrgba(o.Color))
		}
	}
}

// extent is the box an op may paint in.
func extent(o *desktop.Op) (x0, y0, x1, y1 float32) {
	switch o.Kind {
	case desktop.OpCircle:
		return o.X - o.W - o.Line, o.Y - o.H - o.Line, o.X + o.W + o.Line, o.Y + o.H + o.Line
	case desktop.OpLine:
		return min(o.X, o.W) - o.Line, min(o.Y, o.H) - o.Line, max(o.X, o.W) + o.Line, max(o.Y, o.H) + o.Line
	case desktop.OpGlyph:
		return o.X - o.Size*0.6, o.Y - o.Size*0.6, o.X + o.Size*0.6, o.Y + o.Size*0.6
	}
	return o.X - o.Line, o.Y - o.Line, o.X + o.W + o.Line, o.Y + o.H + o.Line
}

// shape paints one op other than text.
func (p *painter) shape(dst *ebiten.Image, o *desktop.Op) {
	c := nrgba(o.Color)
	{
		switch o.Kind {
		case desktop.OpRect:
			// Plain rectangles need no antialiasing, and a plain draw between antialiased
			// ones would flush Ebiten's antialiasing buffer.
			if o.Line > 0 {
				vector.StrokeRect(dst, o.X, o.Y, o.W, o.H, o.Line, c, o.Group != 0)
			} else {
				vector.DrawFilledRect(dst, o.X, o.Y, o.W, o.H, c, false)
			}
		case desktop.OpCircle:
			switch {
			case o.W != o.H:
				p.ellipse(dst, o.X, o.Y, o.W, o.H, c)
			case o.Line > 0:
				vector.StrokeCircle(dst, o.X, o.Y, o.W, o.Line, c, true)
			default:
				vector.DrawFilledCircle(dst, o.X, o.Y, o.W, c, true)
			}
		case desktop.OpLine:
			vector.StrokeLine(dst, o.X, o.Y, o.W, o.H, o.Line, c, true)
		case desktop.OpGlyph:
			p.glyph(dst, o.Rune, o.X, o.Y, o.Size, c)
		}
	}
}

// fill fills p.path with c by the non-zero rule (glyph outlines overlap themselves).
func (p *painter) fill(dst *ebiten.Image, c color.NRGBA) {
	p.vs, p.is = p.path.AppendVerticesAndIndicesForFilling(p.vs[:0], p.is[:0])
	r, g, b, a := c.RGBA()
	for i := range p.vs {
		v := &p.vs[i]
		v.SrcX, v.SrcY = 1, 1
		v.ColorR, v.ColorG, v.ColorB, v.ColorA = float32(r)/0xffff, float32(g)/0xffff, float32(b)/0xffff, float32(a)/0xffff
	}
	op := &ebiten.DrawTrianglesOptions{FillRule: ebiten.FillRuleNonZero, AntiAlias: true}
	op.ColorScaleMode = ebiten.ColorScaleModePremultipliedAlpha
	dst.DrawTriangles(p.vs, p.is, p.white, op)
	p.path = vector.Path{}
}

// glyph fills the app/glyph outline of r in a size×size box centred on x, y.
func (p *painter) glyph(dst *ebiten.Image, r rune, x, y, size float32, c color.NRGBA) {
	segs, ok := desktop.Outline(r)
	if !ok {
		return
	}
	k := size / glyph.Size
	pt := func(s desktop.Seg, i int) (float32, float32) { return x + s.P[i]*k, y + s.P[i+1]*k }
	for _, s := range segs {
		switch s.Op {
		case desktop.MoveTo:
			p.path.MoveTo(pt(s, 0))
		case desktop.LineTo:
			p.path.LineTo(pt(s, 0))
		case desktop.QuadTo:
			x1, y1 := pt(s, 0)
			x2, y2 := pt(s, 2)
			p.path.QuadTo(x1, y1, x2, y2)
		case desktop.CubicTo:
			x1, y1 := pt(s, 0)
			x2, y2 := pt(s, 2)
			x3, y3 := pt(s, 4)
			p.path.CubicTo(x1, y1, x2, y2, x3, y3)
		case desktop.Close:
			p.path.Close()
		}
	}
	p.fill(dst, c)
}

// ellipse fills an ellipse of radii rx, ry (a Reversi disc seen edge-on as it turns).
func (p *painter) ellipse(dst *ebiten.Image, x, y, rx, ry float32, c color.NRGBA) {
	if rx < 0.5 {
		vector.StrokeLine(dst, x, y-ry, x, y+ry, 1, c, true)
		return
	}
	const k = 0.5522848 // cubic Bézier quarter-circle constant
	p.path.MoveTo(x+rx, y)
	p.path.CubicTo(x+rx, y+ry*k, x+rx*k, y+ry, x, y+ry)
	p.path.CubicTo(x-rx*k, y+ry, x-rx, y+ry*k, x-rx, y)
	p.path.CubicTo(x-rx, y-ry*k, x-rx*k, y-ry, x, y-ry)
	p.path.CubicTo(x+rx*k, y-ry, x+rx, y-ry*k, x+rx, y)
	p.path.Close()
	p.fill(dst, c)
}

func (p *painter) face(size float64) *text.GoTextFace {
	size = math.Round(size*2) / 2
	f := p.faces[size]
	if f == nil {
		f = &text.GoTextFace{Source: p.font, Size: size}
		p.faces[size] = f
	}
	return f
}

// text writes o.Text in its box, vertically centred, shrunk (down to 70 %) to fit its width
// and clipped to the box.
func (p *painter) text(dst *ebiten.Image, o *desktop.Op, c color.NRGBA) {
	if o.Text == "" || o.W < 1 || o.H < 1 {
		return
	}
	size := float64(o.Size)
	f := p.face(size)
	w, _ := text.Measure(o.Text, f, 0)
	if w > float64(o.W) {
		size = max(size*0.7, size*float64(o.W)/w)
		f = p.face(size)
		w, _ = text.Measure(o.Text, f, 0)
	}
	clip := dst.SubImage(image.Rect(int(o.X), int(o.Y), int(math.Ceil(float64(o.X+o.W))), int(math.Ceil(float64(o.Y+o.H))))).(*ebiten.Image)
	op := &text.DrawOptions{}
	x := float64(o.X)
	switch o.Align {
	case desktop.AlignCenter:
		x += (float64(o.W) - w) / 2
	case desktop.AlignRight:
		x += float64(o.W) - w
	}
	m := f.Metrics()
	y := float64(o.Y) + (float64(o.H)-(m.HAscent+m.HDescent))/2
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	text.Draw(clip, o.Text, f, op)
}
