package chart

import "strings"

// captionLeast is the least size, in CSS pixels, that a PNG's caption is
// drawn at on one line; a caption that would need less wraps instead
// (captionLines): on a chart 274 px wide, one line of a long caption came
// out 3–4 px high, unreadable.
const captionLeast = 10

// captionLineHeight is the height, in CSS pixels, that each line of a
// wrapped caption adds to the band.
const captionLineHeight = 14

// captionLines lays caption out in room pixels: one line at size, or
// smaller down to least; else lines broken at its " · ", then at its
// spaces, at least. width measures a text at a size. A line that is still
// too wide (one long word) is left for the caller to draw smaller.
func captionLines(caption string, room, size, least float64, width func(s string, px float64) float64) ([]string, float64) {
	w := width(caption, size)
	if w <= room || w <= 0 {
		return []string{caption}, size
	}
	if px := size * room / w; px >= least {
		return []string{caption}, px
	}
	var lines []string
	line := ""
	for i, part := range strings.Split(caption, " · ") {
		words := []string{part} // whole where it fits, else word by word
		if width(part, least) > room {
			words = strings.Fields(part)
		}
		if i > 0 && line != "" {
			line += " ·"
		}
		for _, word := range words {
			switch {
			case line == "":
				line = word
			case width(line+" "+word, least) <= room:
				line += " " + word
			default:
				lines, line = append(lines, line), word
			}
		}
	}
	return append(lines, line), least
}
