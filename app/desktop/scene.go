package desktop

// A Scene is what one frame shows, as a list of drawing operations in window pixels, painted
// in order. The app builds it with no display at hand (so tests read it); the Ebiten front end
// paints it with vector shapes, glyph outlines and text.
type Scene []Op

// Op is one drawing operation.
type Op struct {
	Kind  OpKind
	X, Y  float32 // rect: top-left; circle, glyph: centre; line: start; text: box top-left
	W, H  float32 // rect, text: size; circle: radii (x, y); line: end point
	Line  float32 // stroke width; 0 fills
	Color Color
	Rune  rune    // glyph: an app/glyph character
	Size  float32 // glyph: box side; text: font size
	Text  string
	Align Align // text in its box
	// Tag names what an op shows, for tests and tracing: "piece h2", "target e2", "last",
	// "check", "move 3", "button undo" ….
	Tag string
	// Group, when not 0, makes consecutive ops one sprite around the origin OX, OY: a painter
	// may render a sprite once (ops relative to its origin look the same wherever it stands)
	// and stamp it, instead of filling every shape every frame.
	Group  int32
	OX, OY float32
}

// OpKind is the kind of an Op.
type OpKind uint8

const (
	OpRect OpKind = iota
	OpCircle
	OpLine
	OpGlyph
	OpText
)

// Align places text in its box: left, centred, or right; always vertically centred.
type Align uint8

const (
	AlignLeft Align = iota
	AlignCenter
	AlignRight
)

// Color is 8-bit RGBA, not premultiplied.
type Color struct{ R, G, B, A uint8 }

func rgb(r, g, b uint8) Color { return Color{r, g, b, 255} }

// Alpha returns c with alpha a.
func (c Color) Alpha(a uint8) Color { c.A = a; return c }

// Find returns the ops whose Tag is tag.
func (s Scene) Find(tag string) []Op {
	var out []Op
	for _, o := range s {
		if o.Tag == tag {
			out = append(out, o)
		}
	}
	return out
}

// group makes the ops from index from on one sprite with origin ox, oy.
func (s *Scene) group(from int, ox, oy float32) {
	for i := from; i < len(*s); i++ {
		o := &(*s)[i]
		o.Group, o.OX, o.OY = int32(from+1), ox, oy
	}
}

func (s *Scene) rect(x, y, w, h float32, c Color, tag string) {
	*s = append(*s, Op{Kind: OpRect, X: x, Y: y, W: w, H: h, Color: c, Tag: tag})
}

func (s *Scene) frame(x, y, w, h, line float32, c Color, tag string) {
	*s = append(*s, Op{Kind: OpRect, X: x, Y: y, W: w, H: h, Line: line, Color: c, Tag: tag})
}

func (s *Scene) circle(x, y, r float32, c Color, tag string) {
	*s = append(*s, Op{Kind: OpCircle, X: x, Y: y, W: r, H: r, Color: c, Tag: tag})
}

func (s *Scene) ring(x, y, r, line float32, c Color, tag string) {
	*s = append(*s, Op{Kind: OpCircle, X: x, Y: y, W: r, H: r, Line: line, Color: c, Tag: tag})
}

func (s *Scene) line(x, y, x2, y2, w float32, c Color, tag string) {
	*s = append(*s, Op{Kind: OpLine, X: x, Y: y, W: x2, H: y2, Line: w, Color: c, Tag: tag})
}

func (s *Scene) glyph(r rune, x, y, size float32, c Color, tag string) {
	*s = append(*s, Op{Kind: OpGlyph, Rune: r, X: x, Y: y, Size: size, Color: c, Tag: tag})
}

func (s *Scene) text(t string, x, y, w, h, size float32, a Align, c Color, tag string) {
	*s = append(*s, Op{Kind: OpText, Text: t, X: x, Y: y, W: w, H: h, Size: size, Align: a, Color: c, Tag: tag})
}
