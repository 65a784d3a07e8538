package chart

import (
	"strconv"
	"strings"
)

// Caption band under an exported chart, in CSS pixels: its height, the
// text's size and its left margin.
const (
	captionHeight = 28
	captionSize   = 13
	captionMargin = 8
)

// captionColour is the caption's text colour, on the export's white.
const captionColour = "#1f2328"

// SVGWithCaption returns svg, a chart of w × h drawn by ECharts' SVG
// renderer, on a white background with caption in a line under it: one SVG
// document, w × (h + 28), with the chart's own <svg> nested at the top.
// An XML declaration before the chart's <svg> is dropped; caption is plain
// text, escaped here. The font stack of the chart's texts is mended to keep
// the document well-formed.
func SVGWithCaption(svg string, w, h int, caption string) string {
	svg = strings.TrimSpace(svg)
	if strings.HasPrefix(svg, "<?xml") {
		if end := strings.Index(svg, "?>"); end >= 0 {
			svg = strings.TrimSpace(svg[end+2:])
		}
	}
	// ECharts 6.1 writes a text's font family into its style attribute
	// without escaping the double quotes of the page's font stack, which
	// ends the attribute: the stack with single quotes is the same fonts.
	svg = strings.ReplaceAll(svg, fontStack, strings.ReplaceAll(fontStack, `"`, "'"))
	width, height := strconv.Itoa(w), strconv.Itoa(h+captionHeight)
	var b strings.Builder
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="` + width + `" height="` + height +
		`" viewBox="0 0 ` + width + ` ` + height + `">`)
	b.WriteString(`<rect width="` + width + `" height="` + height + `" fill="#ffffff"/>`)
	b.WriteString(svg)
	b.WriteString(`<text x="` + strconv.Itoa(captionMargin) + `" y="` + strconv.Itoa(h+captionHeight-9) +
		`" font-family="` + escapeXML(fontStack) + captionFit(caption, w-2*captionMargin) +
		` fill="` + captionColour + `">` + escapeXML(caption) + `</text>`)
	b.WriteString(`</svg>`)
	return b.String()
}

// xmlEscaper escapes text for XML text and attributes in double quotes
// (encoding/xml would add about 100 KB to app.wasm for this).
var xmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&apos;")

// escapeXML escapes s for XML text and attributes in double quotes.
func escapeXML(s string) string { return xmlEscaper.Replace(s) }

// captionFit returns the font-size attribute of caption in room pixels,
// with its closing quote: the caption's size, smaller (down to 8 px) for a
// caption that textWidth says is wider, and squeezed into room with
// textLength when even that is too wide.
func captionFit(caption string, room int) string {
	size := captionSize
	if wide := textWidth(caption, captionSize); wide > room {
		size = max(8, captionSize*room/wide)
	}
	attr := `" font-size="` + strconv.Itoa(size) + `"`
	if room > 0 && textWidth(caption, size) > room {
		attr += ` textLength="` + strconv.Itoa(room) + `" lengthAdjust="spacingAndGlyphs"`
	}
	return attr
}
