package main

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"strconv"
	"strings"

	"golang.org/x/image/vector"
)

// iconSVG is web/icon.svg read as the subset of SVG that iconPNGs draws: a
// viewBox of "0 0 w h" and rects, painted in document order.
type iconSVG struct {
	XMLName xml.Name   `xml:"svg"`
	ViewBox string     `xml:"viewBox,attr"`
	Rects   []iconRect `xml:"rect"`
	Other   []struct {
		XMLName xml.Name
	} `xml:",any"`
	width, height float64
}

// iconRect is one <rect>, in the viewBox's units; the colour is #rrggbb.
type iconRect struct {
	X       float64 `xml:"x,attr"`
	Y       float64 `xml:"y,attr"`
	Width   float64 `xml:"width,attr"`
	Height  float64 `xml:"height,attr"`
	RX      float64 `xml:"rx,attr"`
	Fill    string  `xml:"fill,attr"`
	Opacity *string `xml:"fill-opacity,attr"`
}

// parseIcon reads an SVG of that subset; any other element is an error, so
// that the PNGs never silently differ from the SVG.
func parseIcon(data []byte) (*iconSVG, error) {
	var s iconSVG
	if err := xml.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("icon.svg: %w", err)
	}
	if len(s.Other) > 0 {
		return nil, fmt.Errorf("icon.svg: <%s> is outside the subset cmd/build draws (svg, rect)", s.Other[0].XMLName.Local)
	}
	var x, y float64
	n, err := fmt.Sscanf(s.ViewBox, "%g %g %g %g", &x, &y, &s.width, &s.height)
	if err != nil || n != 4 || x != 0 || y != 0 || !(s.width > 0) || !(s.height > 0) {
		return nil, fmt.Errorf("icon.svg: want a viewBox of 0 0 w h, got %q", s.ViewBox)
	}
	if len(s.Rects) == 0 {
		return nil, errors.New("icon.svg: want at least one <rect>")
	}
	for _, r := range s.Rects {
		if _, err := r.color(); err != nil {
			return nil, err
		}
	}
	return &s, nil
}

// color returns the rect's fill with its fill-opacity as alpha.
func (r iconRect) color() (color.NRGBA, error) {
	rgb, err := strconv.ParseUint(strings.TrimPrefix(r.Fill, "#"), 16, 32)
	if err != nil || len(r.Fill) != 7 || r.Fill[0] != '#' {
		return color.NRGBA{}, fmt.Errorf("icon.svg: <rect fill=%q>: want #rrggbb", r.Fill)
	}
	opacity := 1.0
	if r.Opacity != nil {
		opacity, err = strconv.ParseFloat(*r.Opacity, 64)
		if err != nil || !(opacity >= 0 && opacity <= 1) {
			return color.NRGBA{}, fmt.Errorf("icon.svg: <rect fill-opacity=%q>: want a number in [0, 1]", *r.Opacity)
		}
	}
	return color.NRGBA{uint8(rgb >> 16), uint8(rgb >> 8), uint8(rgb), uint8(math.Round(255 * opacity))}, nil
}

// addPath adds the rect's outline, corners rounded by rx, to z, scaled by
// scale and moved by offset pixels.
func (r iconRect) addPath(z *vector.Rasterizer, scale, offset float64) {
	const k = 0.5523 // control-point distance of a cubic quarter circle
	at := func(v float64) float32 { return float32(v*scale + offset) }
	x0, y0, x1, y1 := r.X, r.Y, r.X+r.Width, r.Y+r.Height
	rr := math.Max(0, math.Min(r.RX, math.Min(r.Width, r.Height)/2))
	c := rr * (1 - k) // from a corner to its arc's control points
	z.MoveTo(at(x0+rr), at(y0))
	z.LineTo(at(x1-rr), at(y0))
	z.CubeTo(at(x1-c), at(y0), at(x1), at(y0+c), at(x1), at(y0+rr))
	z.LineTo(at(x1), at(y1-rr))
	z.CubeTo(at(x1), at(y1-c), at(x1-c), at(y1), at(x1-rr), at(y1))
	z.LineTo(at(x0+rr), at(y1))
	z.CubeTo(at(x0+c), at(y1), at(x0), at(y1-c), at(x0), at(y1-rr))
	z.LineTo(at(x0), at(y0+rr))
	z.CubeTo(at(x0), at(y0+c), at(x0+c), at(y0), at(x0+rr), at(y0))
	z.ClosePath()
}

// draw renders the icon into a size × size image. With maskable, the first
// rect's colour fills the whole square and the icon shrinks to 70 %, inside
// the central 80 % circle that adaptive-icon masks keep (the grid spans
// 72…428 of 512, so its corners lie 0.33 of the side from the centre).
func (s *iconSVG) draw(size int, maskable bool) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	scale := float64(size) / math.Max(s.width, s.height)
	offset := 0.0
	if maskable {
		scale *= 0.7
		offset = float64(size) * 0.15
		bg, _ := s.Rects[0].color()
		bg.A = 255
		draw.Draw(img, img.Bounds(), image.NewUniform(bg), image.Point{}, draw.Src)
	}
	z := vector.NewRasterizer(size, size)
	for _, r := range s.Rects {
		fill, _ := r.color() // checked by parseIcon
		z.Reset(size, size)
		z.DrawOp = draw.Over
		r.addPath(z, scale, offset)
		z.Draw(img, img.Bounds(), image.NewUniform(fill), image.Point{})
	}
	return img
}

// iconPNGs draws the PNG icons go-app's Handler.Icon asks for from the SVG,
// keyed by their file names in web/.
func iconPNGs(svg []byte) (map[string][]byte, error) {
	icon, err := parseIcon(svg)
	if err != nil {
		return nil, err
	}
	files := make(map[string][]byte)
	for _, f := range []struct {
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
		if err := enc.Encode(&buf, icon.draw(f.size, f.maskable)); err != nil {
			return nil, err
		}
		files[f.name] = buf.Bytes()
	}
	return files, nil
}
