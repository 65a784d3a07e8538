package export

import (
	"strings"
	"unicode"
)

// Labels in the text format are padded and truncated by display width, the
// number of terminal columns a string takes, by a simple rule close to
// Unicode's East Asian Width (UAX #11) and to what terminals do: East Asian
// wide and fullwidth characters and emoji take two columns; combining marks,
// variation selectors, joiners, tags, skin-tone modifiers and what follows a
// zero-width joiner take none; the second regional indicator of a flag takes
// none; everything else takes one. Terminals differ on emoji, so an emoji
// label may be a column off in some of them.

const (
	zwj      = '\u200D'
	ellipsis = "…"
	riFirst  = 0x1F1E6
	riLast   = 0x1F1FF
	modFirst = 0x1F3FB
	modLast  = 0x1F3FF
	tagFirst = 0xE0020
	tagLast  = 0xE007F
)

// wideRanges are the code points that take two columns: the East Asian Wide
// and Fullwidth blocks and the main emoji blocks.
var wideRanges = [][2]rune{
	{0x1100, 0x115F},   // Hangul Jamo initial consonants
	{0x231A, 0x231B},   // watch, hourglass
	{0x2329, 0x232A},   // angle brackets
	{0x23E9, 0x23EC},   // media buttons
	{0x23F0, 0x23F0},   // alarm clock
	{0x23F3, 0x23F3},   // hourglass
	{0x25FD, 0x25FE},   // small squares
	{0x2614, 0x2615},   // umbrella, hot beverage
	{0x2648, 0x2653},   // zodiac
	{0x267F, 0x267F},   // wheelchair
	{0x2693, 0x2693},   // anchor
	{0x26A1, 0x26A1},   // high voltage
	{0x26AA, 0x26AB},   // circles
	{0x26BD, 0x26BE},   // soccer, baseball
	{0x26C4, 0x26C5},   // snowman, sun
	{0x26CE, 0x26CE},   // Ophiuchus
	{0x26D4, 0x26D4},   // no entry
	{0x26EA, 0x26EA},   // church
	{0x26F2, 0x26F3},   // fountain, golf
	{0x26F5, 0x26F5},   // sailboat
	{0x26FA, 0x26FA},   // tent
	{0x26FD, 0x26FD},   // fuel pump
	{0x2705, 0x2705},   // check mark
	{0x270A, 0x270B},   // fists
	{0x2728, 0x2728},   // sparkles
	{0x274C, 0x274C},   // cross mark
	{0x274E, 0x274E},   // cross mark
	{0x2753, 0x2755},   // question marks
	{0x2757, 0x2757},   // exclamation mark
	{0x2795, 0x2797},   // plus, minus, divide
	{0x27B0, 0x27B0},   // curly loop
	{0x27BF, 0x27BF},   // double curly loop
	{0x2B1B, 0x2B1C},   // large squares
	{0x2B50, 0x2B50},   // star
	{0x2B55, 0x2B55},   // circle
	{0x2E80, 0x303E},   // CJK radicals, Kangxi, CJK symbols and punctuation
	{0x3041, 0x33FF},   // Hiragana, Katakana, Bopomofo, Hangul compatibility jamo, …
	{0x3400, 0x4DBF},   // CJK extension A
	{0x4E00, 0x9FFF},   // CJK unified ideographs
	{0xA000, 0xA4CF},   // Yi
	{0xA960, 0xA97F},   // Hangul Jamo extended A
	{0xAC00, 0xD7A3},   // Hangul syllables
	{0xF900, 0xFAFF},   // CJK compatibility ideographs
	{0xFE10, 0xFE19},   // vertical forms
	{0xFE30, 0xFE6F},   // CJK compatibility forms, small forms
	{0xFF00, 0xFF60},   // fullwidth forms
	{0xFFE0, 0xFFE6},   // fullwidth signs
	{0x16FE0, 0x18CFF}, // Tangut, Khitan
	{0x1B000, 0x1B2FF}, // kana supplement and extensions, Nüshu
	{0x1F004, 0x1F004}, // mahjong red dragon
	{0x1F0CF, 0x1F0CF}, // joker
	{0x1F18E, 0x1F18E}, // AB button
	{0x1F191, 0x1F19A}, // squared words
	{0x1F1E6, 0x1F1FF}, // regional indicators (a flag is a pair)
	{0x1F200, 0x1F2FF}, // enclosed ideographic supplement
	{0x1F300, 0x1F64F}, // pictographs, emoticons
	{0x1F680, 0x1F6FF}, // transport and map
	{0x1F7E0, 0x1F7EB}, // coloured circles and squares
	{0x1F90C, 0x1F9FF}, // supplemental symbols and pictographs
	{0x1FA70, 0x1FAFF}, // symbols and pictographs extended A
	{0x20000, 0x3FFFD}, // CJK extensions B…
}

// runeWidth is the display width of r on its own.
func runeWidth(r rune) int {
	switch {
	case r == zwj || r >= tagFirst && r <= tagLast || r >= modFirst && r <= modLast:
		return 0
	case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
		return 0
	}
	for _, rg := range wideRanges {
		if r < rg[0] {
			break
		}
		if r <= rg[1] {
			return 2
		}
	}
	return 1
}

// Width is the display width of s: the number of terminal columns it takes.
func Width(s string) int {
	w, _ := widthUpTo(s, -1)
	return w
}

// widthUpTo returns the display width of s and, when limit ≥ 0, the length
// end of the longest prefix of s that fits in limit columns, combining runes
// kept with their base.
func widthUpTo(s string, limit int) (w, end int) {
	end = -1
	afterZWJ, ri := false, false
	for i, r := range s {
		rw := runeWidth(r)
		switch {
		case afterZWJ && rw > 0:
			rw = 0
		case r >= riFirst && r <= riLast:
			if ri {
				rw = 0 // the second letter of a flag
			}
			ri = !ri
		default:
			ri = false
		}
		afterZWJ = r == zwj
		if limit >= 0 && end < 0 && rw > 0 && w+rw > limit {
			end = i
		}
		w += rw
	}
	if end < 0 {
		end = len(s)
	}
	return w, end
}

// Fit returns s truncated (with an ellipsis) or padded with spaces to exactly
// n ≥ 1 columns of display width; alignRight pads on the left.
func Fit(s string, n int, alignRight bool) string {
	w := Width(s)
	if w > n {
		_, end := widthUpTo(s, n-1)
		s = s[:end] + ellipsis
		w = Width(s)
	}
	pad := strings.Repeat(" ", max(0, n-w))
	if alignRight {
		return pad + s
	}
	return s + pad
}

// Printable returns s with every rune a terminal could act on (controls,
// bidirectional overrides and other invisible format characters except the
// zero-width joiner and tags of emoji sequences) replaced by '?': labels come
// from untrusted specs.
func Printable(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == zwj || r >= tagFirst && r <= tagLast || unicode.IsPrint(r) {
			return r
		}
		return '?'
	}, s)
}
