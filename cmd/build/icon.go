package main

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"strconv"
	"strings"
)

// iconRect is one <rect> of web/icon.svg, in the SVG's user units.
type iconRect struct {
	x, y, w, h, rx float64
	fill           color.NRGBA // the alpha holds fill-opacity
}

// iconShape is web/icon.svg read as the small subset of SVG this package can
// draw: a viewBox and rects with x, y, width, height, rx, fill (#rrggbb) and
// fill-opacity, painted in document order.
type iconShape struct {
	width, height float64 // of the viewBox
	rects         []iconRect
}

// parseIcon reads an SVG of that subset; any other drawing element is an error,
// so that the PNGs never silently differ from the SVG.
func parseIcon(svg []byte) (*iconShape, error) {
	dec := xml.NewDecoder(bytes.NewReader(svg))
	var s iconShape
	seenRoot := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("icon.svg: %w", err)
		}
		el, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		attr := func(name string) string {
			for _, a := range el.Attr {
				if a.Name.Local == name && a.Name.Space == "" {
					return a.Value
				}
			}
			return ""
		}
		num := func(name string, def float64) (float64, error) {
			v := attr(name)
			if v == "" {
				return def, nil
			}
			f, err := strconv.ParseFloat(v, 64)
			if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
				return 0, fmt.Errorf("icon.svg: <%s %s=%q>: want a plain number", el.Name.Local, name, v)
			}
			return f, nil
		}
		switch el.Name.Local {
		case "svg":
			var vb [4]float64
			fields := strings.Fields(strings.ReplaceAll(attr("viewBox"), ",", " "))
			if len(fields) != 4 {
				return nil, fmt.Errorf("icon.svg: want a viewBox of four numbers, got %q", attr("viewBox"))
			}
			for i, f := range fields {
				v, err := strconv.ParseFloat(f, 64)
				if err != nil {
					return nil, fmt.Errorf("icon.svg: viewBox: %w", err)
				}
				vb[i] = v
			}
			if vb[0] != 0 || vb[1] != 0 || vb[2] <= 0 || vb[3] <= 0 {
				return nil, fmt.Errorf("icon.svg: want a viewBox of 0 0 w h, got %q", attr("viewBox"))
			}
			s.width, s.height = vb[2], vb[3]
			seenRoot = true
		case "rect":
			var r iconRect
			var err error
			for _, f := range []struct {
				dst  *float64
				name string
			}{{&r.x, "x"}, {&r.y, "y"}, {&r.w, "width"}, {&r.h, "height"}, {&r.rx, "rx"}} {
				if *f.dst, err = num(f.name, 0); err != nil {
					return nil, err
				}
			}
			opacity, err := num("fill-opacity", 1)
			if err != nil {
				return nil, err
			}
			fill := attr("fill")
			if len(fill) != 7 || fill[0] != '#' {
				return nil, fmt.Errorf("icon.svg: <rect fill=%q>: want #rrggbb", fill)
			}
			rgb, err := strconv.ParseUint(fill[1:], 16, 32)
			if err != nil {
				return nil, fmt.Errorf("icon.svg: <rect fill=%q>: want #rrggbb", fill)
			}
			r.fill = color.NRGBA{uint8(rgb >> 16), uint8(rgb >> 8), uint8(rgb), uint8(math.Round(255 * math.Max(0, math.Min(1, opacity))))}
			s.rects = append(s.rects, r)
		default:
			return nil, fmt.Errorf("icon.svg: <%s> is outside the subset cmd/build draws (svg, rect)", el.Name.Local)
		}
	}
	if !seenRoot || len(s.rects) == 0 {
		return nil, fmt.Errorf("icon.svg: want an <svg> with a viewBox and at least one <rect>")
	}
	return &s, nil
}

// inside reports whether the point (x, y) lies in r, rounded corners included.
func (r iconRect) inside(x, y float64) bool {
	if x < r.x || y < r.y || x >= r.x+r.w || y >= r.y+r.h {
		return false
	}
	rx := math.Min(r.rx, math.Min(r.w, r.h)/2)
	// Distance from the inner rectangle whose corners are the arc centres.
	dx := math.Max(0, math.Max(r.x+rx-x, x-(r.x+r.w-rx)))
	dy := math.Max(0, math.Max(r.y+rx-y, y-(r.y+r.h-rx)))
	return dx*dx+dy*dy <= rx*rx
}

// cover tells how much of the box [x0, x1) × [y0, y1) r covers.
type cover int

const (
	coverNone cover = iota
	coverAll
	coverPart
)

func (r iconRect) cover(x0, y0, x1, y1 float64) cover {
	if x1 <= r.x || y1 <= r.y || x0 >= r.x+r.w || y0 >= r.y+r.h {
		return coverNone
	}
	// A rounded rectangle is convex: it holds the box if it holds its corners.
	if r.inside(x0, y0) && r.inside(x1, y0) && r.inside(x0, y1) && r.inside(x1, y1) {
		return coverAll
	}
	return coverPart
}

// draw renders the icon into a size × size image. With maskable, the first
// rect's colour fills the whole square and the icon shrinks into the central
// 80 % circle that adaptive-icon masks keep. Pixels on an edge are averaged
// over 4 × 4 samples.
func (s *iconShape) draw(size int, maskable bool) *image.NRGBA {
	const samples = 4 // per axis, for anti-aliasing
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	scale := float64(size) / math.Max(s.width, s.height)
	offset := 0.0
	var bg color.NRGBA
	if maskable {
		// The grid spans 72…428 of 512; at 70 % its corners lie 0.33 of the
		// side from the centre, inside the safe circle's radius of 0.4.
		scale *= 0.7
		offset = float64(size) * 0.15
		bg = s.rects[0].fill
		bg.A = 255
	}
	// paint returns the premultiplied colour at (x, y) in user units, from
	// the background and the rects that may cover it.
	paint := func(x, y float64, rects []iconRect) [4]float64 {
		c := [4]float64{float64(bg.R) / 255, float64(bg.G) / 255, float64(bg.B) / 255, float64(bg.A) / 255}
		for i := range 3 {
			c[i] *= c[3]
		}
		for _, r := range rects {
			if !r.inside(x, y) {
				continue
			}
			a := float64(r.fill.A) / 255
			src := [3]float64{float64(r.fill.R) / 255, float64(r.fill.G) / 255, float64(r.fill.B) / 255}
			for i := range 3 {
				c[i] = src[i]*a + c[i]*(1-a)
			}
			c[3] = a + c[3]*(1-a)
		}
		return c
	}
	var near []iconRect
	for py := range size {
		for px := range size {
			x0, y0 := (float64(px)-offset)/scale, (float64(py)-offset)/scale
			x1, y1 := (float64(px+1)-offset)/scale, (float64(py+1)-offset)/scale
			near = near[:0]
			edge := false
			for _, r := range s.rects {
				switch r.cover(x0, y0, x1, y1) {
				case coverAll:
					near = append(near, r)
				case coverPart:
					near = append(near, r)
					edge = true
				}
			}
			var sum [4]float64
			if !edge {
				sum = paint((x0+x1)/2, (y0+y1)/2, near)
			} else {
				for sy := range samples {
					for sx := range samples {
						c := paint(x0+(x1-x0)*(float64(sx)+0.5)/samples, y0+(y1-y0)*(float64(sy)+0.5)/samples, near)
						for i := range 4 {
							sum[i] += c[i] / (samples * samples)
						}
					}
				}
			}
			a := sum[3]
			if a == 0 {
				continue
			}
			to8 := func(v float64) uint8 { return uint8(math.Round(255 * math.Max(0, math.Min(1, v)))) }
			img.SetNRGBA(px, py, color.NRGBA{to8(sum[0] / a), to8(sum[1] / a), to8(sum[2] / a), to8(a)})
		}
	}
	return img
}

// iconPNGs draws the PNG icons go-app's Handler.Icon asks for from the SVG,
// keyed by their file names in web/.
func iconPNGs(svg []byte) (map[string][]byte, error) {
	shape, err := parseIcon(svg)
	if err != nil {
		return nil, err
	}
	files := make(map[string][]byte)
	for _, icon := range []struct {
		name     string
		size     int
		maskable bool
	}{
		{"icon-192.png", 192, false},
		{"icon-512.png", 512, false},
		{"icon-maskable-512.png", 512, true},
	} {
		var buf bytes.Buffer
		enc := png.Encoder{CompressionLevel: png.BestCompression}
		if err := enc.Encode(&buf, shape.draw(icon.size, icon.maskable)); err != nil {
			return nil, err
		}
		files[icon.name] = buf.Bytes()
	}
	return files, nil
}
