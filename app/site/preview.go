package site

import (
	"bufio"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"

	"golang.org/x/image/vector"

	"qipan/app/glyph"
	"qipan/engine/xiangqi"
)

// The link preview's picture (og:image): the start position on the wooden board, written by
// Generate into web/ at the size previews show whole (1.91:1).
const (
	PreviewImage  = "/web/preview.png"
	PreviewWidth  = 1200
	PreviewHeight = 630
)

// WritePreview writes the preview picture to path as a PNG.
func WritePreview(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	if err := png.Encode(w, Preview()); err != nil {
		f.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Preview draws the start position as app/ui draws the board (its 1000×1100 geometry, colours
// and character outlines), centred on the page's dark wood.
func Preview() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, PreviewWidth, PreviewHeight))
	p := &painter{img: img, scale: float32(PreviewHeight-30) / 1100}
	p.dx = (PreviewWidth - 1000*p.scale) / 2
	p.dy = 15
	fillAll(img, color.RGBA{0x2b, 0x21, 0x19, 0xff})

	// The wood (app/ui boardBackground's gradient, without the grain).
	p.fill(500, 550, 560, gradient{x0: p.dx, y0: p.dy, x1: p.dx + 1000*p.scale, y1: p.dy + 1100*p.scale,
		stops: []stop{{0, rgb(0xec, 0xc9, 0x8d)}, {0.5, rgb(0xe1, 0xb4, 0x72)}, {1, rgb(0xd3, 0x9f, 0x58)}}},
		func(z *vector.Rasterizer) { p.rect(z, 0, 0, 1000, 1100) })
	// The grid (boardGrid): the frame, the lines, the palaces, the river.
	ink := image.NewUniform(rgb(0x5b, 0x37, 0x16))
	p.fill(500, 550, 560, ink, func(z *vector.Rasterizer) {
		p.rect(z, 86-3.5, 86-3.5, 828+7, 928+7)
		p.rectReverse(z, 86+3.5, 86+3.5, 828-7, 928-7)
	})
	x := func(col int) float32 { return float32(100 + col*100) }
	y := func(row int) float32 { return float32(100 + row*100) }
	p.fill(500, 550, 560, ink, func(z *vector.Rasterizer) {
		for row := range 10 {
			p.line(z, x(0), y(row), x(8), y(row), 3)
		}
		for col := range 9 {
			if col == 0 || col == 8 {
				p.line(z, x(col), y(0), x(col), y(9), 3)
				continue
			}
			p.line(z, x(col), y(0), x(col), y(4), 3)
			p.line(z, x(col), y(5), x(col), y(9), 3)
		}
		p.line(z, x(3), y(0), x(5), y(2), 3)
		p.line(z, x(5), y(0), x(3), y(2), 3)
		p.line(z, x(3), y(7), x(5), y(9), 3)
		p.line(z, x(5), y(7), x(3), y(9), 3)
	})
	river := image.NewUniform(color.NRGBA{0x6b, 0x43, 0x20, 0xd9})
	for _, r := range []struct {
		ch     rune
		col    float32
		rotate bool
	}{{'楚', 150, false}, {'河', 250, false}, {'界', 550, true}, {'漢', 650, true}} {
		p.fill(r.col, 550, 40, river, func(z *vector.Rasterizer) { p.glyph(z, r.ch, r.col, 550, 0.056, r.rotate) })
	}
	// The pieces (app/ui piece): shadow, face, ring, character.
	pos := xiangqi.NewPosition()
	for s := xiangqi.Square(0); s < 90; s++ {
		pc := pos.At(s)
		if pc == xiangqi.NoPiece {
			continue
		}
		cx, cy := x(s.File()), y(9-s.Rank())
		colour := rgb(0xb3, 0x26, 0x1e)
		if pc.Color() == xiangqi.Black {
			colour = rgb(0x1f, 0x1c, 0x19)
		}
		p.fill(cx+3, cy+6, 50, image.NewUniform(color.NRGBA{40, 20, 0, 0x59}), func(z *vector.Rasterizer) { p.circle(z, cx+3, cy+6, 45, 1) })
		p.fill(cx, cy, 50, image.NewUniform(rgb(0x7a, 0x4e, 0x24)), func(z *vector.Rasterizer) { p.circle(z, cx, cy, 46.5, 1) })
		fx, fy := p.dx+(cx-45+0.42*90)*p.scale, p.dy+(cy-45+0.36*90)*p.scale
		p.fill(cx, cy, 50, radial{cx: fx, cy: fy, r: 0.7 * 90 * p.scale,
			stops: []stop{{0, rgb(0xff, 0xf8, 0xe6)}, {0.7, rgb(0xf0, 0xdc, 0xae)}, {1, rgb(0xd9, 0xb7, 0x7a)}}},
			func(z *vector.Rasterizer) { p.circle(z, cx, cy, 43.5, 1) })
		p.fill(cx, cy, 50, image.NewUniform(colour), func(z *vector.Rasterizer) {
			p.circle(z, cx, cy, 39.5, 1)
			p.circle(z, cx, cy, 36.5, -1)
		})
		p.fill(cx, cy, 50, image.NewUniform(colour), func(z *vector.Rasterizer) { p.glyph(z, glyph.PieceRune(pc.FEN()), cx, cy, 0.058, false) })
	}
	return img
}

// painter fills shapes given in the board's units on img.
type painter struct {
	img           *image.RGBA
	scale, dx, dy float32
	box           image.Rectangle // the pixels of the shape being filled
}

func (p *painter) at(x, y float32) (float32, float32) {
	return p.dx + x*p.scale - float32(p.box.Min.X), p.dy + y*p.scale - float32(p.box.Min.Y)
}

// fill fills what path adds to a rasteriser (non-zero rule) with src, within the square of
// side 2r around (x, y) (board units): a rasteriser the size of the picture for each piece
// took seconds.
func (p *painter) fill(x, y, r float32, src image.Image, path func(z *vector.Rasterizer)) {
	x0, y0 := p.dx+(x-r)*p.scale, p.dy+(y-r)*p.scale
	x1, y1 := p.dx+(x+r)*p.scale, p.dy+(y+r)*p.scale
	p.box = image.Rect(int(x0)-1, int(y0)-1, int(x1)+2, int(y1)+2).Intersect(p.img.Bounds())
	z := vector.NewRasterizer(p.box.Dx(), p.box.Dy())
	path(z)
	z.Draw(p.img, p.box, src, p.box.Min)
}

func (p *painter) move(z *vector.Rasterizer, x, y float32) { z.MoveTo(p.at(x, y)) }
func (p *painter) to(z *vector.Rasterizer, x, y float32)   { z.LineTo(p.at(x, y)) }

func (p *painter) rect(z *vector.Rasterizer, x, y, w, h float32) {
	p.move(z, x, y)
	p.to(z, x+w, y)
	p.to(z, x+w, y+h)
	p.to(z, x, y+h)
	z.ClosePath()
}

// rectReverse is rect anticlockwise: inside rect, it cuts a hole.
func (p *painter) rectReverse(z *vector.Rasterizer, x, y, w, h float32) {
	p.move(z, x, y)
	p.to(z, x, y+h)
	p.to(z, x+w, y+h)
	p.to(z, x+w, y)
	z.ClosePath()
}

// line is a stroke width wide from (x0, y0) to (x1, y1), with square ends.
func (p *painter) line(z *vector.Rasterizer, x0, y0, x1, y1, width float32) {
	dx, dy := x1-x0, y1-y0
	n := float32(math.Hypot(float64(dx), float64(dy)))
	ux, uy := dx/n*width/2, dy/n*width/2
	p.move(z, x0-ux-uy, y0-uy+ux)
	p.to(z, x1+ux-uy, y1+uy+ux)
	p.to(z, x1+ux+uy, y1+uy-ux)
	p.to(z, x0-ux+uy, y0-uy-ux)
	z.ClosePath()
}

// circle adds a circle; dir -1 draws it the other way round, to cut a hole.
func (p *painter) circle(z *vector.Rasterizer, x, y, r, dir float32) {
	const n = 72
	p.move(z, x+r, y)
	for i := 1; i <= n; i++ {
		a := float64(dir) * 2 * math.Pi * float64(i) / n
		p.to(z, x+r*float32(math.Cos(a)), y+r*float32(math.Sin(a)))
	}
	z.ClosePath()
}

// glyph adds the outline of ch (app/glyph's box) scaled by k around (x, y), turned half
// round when rotate is set.
func (p *painter) glyph(z *vector.Rasterizer, ch rune, x, y, k float32, rotate bool) {
	segs, ok := glyph.Outline(ch)
	if !ok {
		return
	}
	if rotate {
		k = -k
	}
	for _, s := range segs {
		var q [6]float32
		for i := 0; i+1 < len(s.P); i += 2 {
			q[i], q[i+1] = p.at(x+s.P[i]*k, y+s.P[i+1]*k)
		}
		switch s.Op {
		case glyph.MoveTo:
			z.MoveTo(q[0], q[1])
		case glyph.LineTo:
			z.LineTo(q[0], q[1])
		case glyph.QuadTo:
			z.QuadTo(q[0], q[1], q[2], q[3])
		case glyph.CubicTo:
			z.CubeTo(q[0], q[1], q[2], q[3], q[4], q[5])
		case glyph.Close:
			z.ClosePath()
		}
	}
}

func fillAll(img *image.RGBA, c color.RGBA) {
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
}

func rgb(r, g, b uint8) color.NRGBA { return color.NRGBA{r, g, b, 0xff} }

// stop is a gradient's colour at offset t (0…1).
type stop struct {
	t float32
	c color.NRGBA
}

func colourAt(stops []stop, t float32) color.NRGBA {
	if t <= stops[0].t {
		return stops[0].c
	}
	for i := 1; i < len(stops); i++ {
		if a, b := stops[i-1], stops[i]; t <= b.t {
			f := (t - a.t) / (b.t - a.t)
			mix := func(u, v uint8) uint8 { return uint8(float32(u) + (float32(v)-float32(u))*f + 0.5) }
			return color.NRGBA{mix(a.c.R, b.c.R), mix(a.c.G, b.c.G), mix(a.c.B, b.c.B), 0xff}
		}
	}
	return stops[len(stops)-1].c
}

// gradient is a linear gradient from (x0, y0) to (x1, y1) in pixels, an image to fill with.
type gradient struct {
	x0, y0, x1, y1 float32
	stops          []stop
}

func (g gradient) ColorModel() color.Model { return color.NRGBAModel }
func (g gradient) Bounds() image.Rectangle { return image.Rect(-1e9, -1e9, 1e9, 1e9) }
func (g gradient) At(x, y int) color.Color {
	dx, dy := g.x1-g.x0, g.y1-g.y0
	t := ((float32(x)-g.x0)*dx + (float32(y)-g.y0)*dy) / (dx*dx + dy*dy)
	return colourAt(g.stops, t)
}

// radial is a radial gradient around (cx, cy) of radius r in pixels.
type radial struct {
	cx, cy, r float32
	stops     []stop
}

func (g radial) ColorModel() color.Model { return color.NRGBAModel }
func (g radial) Bounds() image.Rectangle { return image.Rect(-1e9, -1e9, 1e9, 1e9) }
func (g radial) At(x, y int) color.Color {
	d := math.Hypot(float64(float32(x)-g.cx), float64(float32(y)-g.cy))
	return colourAt(g.stops, float32(d)/g.r)
}
