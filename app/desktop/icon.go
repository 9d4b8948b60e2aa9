package desktop

import (
	"image"
	"image/color"
	"math"

	"golang.org/x/image/vector"

	"qipan/app/glyph"
)

// Icon draws the window's icon at size×size: a red general, 帥, on an ivory piece, as on the
// board (with the board's colours), rasterised here so that it needs no image file.
func Icon(size int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	s := float32(size)
	c := s / 2
	fill := func(col Color, path func(r *vector.Rasterizer)) {
		r := vector.NewRasterizer(size, size)
		path(r)
		r.Draw(img, img.Bounds(), image.NewUniform(color.NRGBA{col.R, col.G, col.B, col.A}), image.Point{})
	}
	disc := func(r float32) func(*vector.Rasterizer) {
		return func(z *vector.Rasterizer) { circlePath(z, c, c, r) }
	}
	fill(woodEdge, disc(s*0.49))
	fill(face, disc(s*0.45))
	ring := func(z *vector.Rasterizer) {
		circlePath(z, c, c, s*0.40)
		circlePathReverse(z, c, c, s*0.37)
	}
	fill(redInk, ring)
	if segs, ok := Outline('帥'); ok {
		k := s * 0.5 / glyph.Size
		fill(redInk, func(z *vector.Rasterizer) {
			pt := func(sg Seg, i int) (float32, float32) { return c + sg.P[i]*k, c + sg.P[i+1]*k }
			for _, sg := range segs {
				switch sg.Op {
				case MoveTo:
					z.MoveTo(pt(sg, 0))
				case LineTo:
					z.LineTo(pt(sg, 0))
				case QuadTo:
					x1, y1 := pt(sg, 0)
					x2, y2 := pt(sg, 2)
					z.QuadTo(x1, y1, x2, y2)
				case CubicTo:
					x1, y1 := pt(sg, 0)
					x2, y2 := pt(sg, 2)
					x3, y3 := pt(sg, 4)
					z.CubeTo(x1, y1, x2, y2, x3, y3)
				case Close:
					z.ClosePath()
				}
			}
		})
	}
	return img
}

// circlePath adds a circle (clockwise) of radius r at x, y to z; circlePathReverse the same
// anticlockwise, to cut a hole (the rasteriser fills by the non-zero rule).
func circlePath(z *vector.Rasterizer, x, y, r float32) { arc(z, x, y, r, 1) }

func circlePathReverse(z *vector.Rasterizer, x, y, r float32) { arc(z, x, y, r, -1) }

func arc(z *vector.Rasterizer, x, y, r, dir float32) {
	const n = 64
	z.MoveTo(x+r, y)
	for i := 1; i <= n; i++ {
		a := float64(dir) * 2 * math.Pi * float64(i) / n
		z.LineTo(x+r*float32(math.Cos(a)), y+r*float32(math.Sin(a)))
	}
	z.ClosePath()
}
