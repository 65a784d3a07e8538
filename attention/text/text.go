// Package text turns a sentence into what the attention engine reads: tokens,
// then one embedding row per token, optionally with sinusoidal positional
// encoding added.
//
// # Tokens
//
// Tokenize splits real, user-typed text into at most MaxTokens tokens. Every
// token is a non-empty substring of the input, in input order, never lowercased
// or otherwise rewritten; the one exception is U+FFFD (see below). The rules:
//
//   - Whitespace separates and is dropped: anything unicode.IsSpace accepts
//     (space, tab, newline, carriage return, NBSP U+00A0, ideographic space
//     U+3000, the line and paragraph separators, …) and the zero-width space
//     U+200B.
//   - A word is a run of letters and digits (with the combining marks that
//     follow them) of one script class. Inside a word, an apostrophe (' or ’),
//     a hyphen (-, U+2010, U+2011), a soft hyphen, a middle dot (·) or a
//     zero-width (non-)joiner is kept when a letter or digit of the same class
//     follows it: "don't", "state-of-the-art", "rock'n'roll" and "col·lecció"
//     are one token each; "'quoted'" is three and "dogs'" two.
//   - Numbers are words: "123", "3.14", "1,000", "v1.2" and "4th" are one
//     token each, because a '.' or ',' between two digits is kept. A sign is
//     punctuation: "-5" is "-" and "5"; ".5" is "." and "5".
//   - Han ideographs (Chinese hanzi, Japanese kanji, Korean hanja) are one
//     token each, since Chinese writes no spaces between words: 注意力 is three
//     tokens. Hiragana, Katakana (with the prolonged sound mark ー) and Hangul
//     are script classes of their own, so a run of one of them is a word:
//     "注意力は" is 注, 意, 力, は and Korean, which spaces its words, gets one
//     token per word. Other scripts written without spaces (Thai, Lao, Khmer,
//     Myanmar) give one token per run; no dictionary is used.
//   - Every punctuation character is a token of its own, as is every symbol:
//     "<img src=x>" is <, img, src, =, x, >.
//   - Emoji and other symbols are kept whole as grapheme clusters: a base
//     with its combining marks and variation selectors (❤️), skin-tone
//     modifiers (👍🏽), ZWJ sequences (👨‍👩‍👧, 🏳️‍🌈), tag sequences (🏴󠁧󠁢󠁳󠁣󠁴󠁿),
//     regional-indicator pairs (the flag 🇫🇷) and keycaps (1️⃣, #️⃣).
//   - Control characters (C0, C1) and other invisible format characters (the
//     byte-order mark, bidirectional controls, a zero-width joiner that joins
//     nothing) are dropped; like whitespace, they separate.
//   - Each run of bytes that is not valid UTF-8 becomes one token "\uFFFD";
//     Tokenize never panics.
//
// Empty or whitespace-only text gives zero tokens and no error: whether that is
// acceptable is the caller's decision. Text with more than MaxTokens tokens is
// an error, found as soon as token MaxTokens+1 is seen, so a pasted book costs
// no more than its first few hundred characters.
//
// # Embeddings
//
// Embed gives each token a vector of standard normal entries drawn from a PCG
// stream seeded by the seed and the FNV-1a hash of the token's text: the same
// token string has the same vector wherever it appears, in every sentence and
// on every platform (the normal deviates come from package detmath, which is
// bit-identical across GOARCH). AddPositional adds the sinusoidal positional
// encoding of Vaswani et al. (2017), “Attention Is All You Need”.
package text

import (
	"errors"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// MaxTokens is the most tokens Tokenize accepts.
const MaxTokens = 128

// ErrTooManyTokens is the error Tokenize returns for text with more than
// MaxTokens tokens.
var ErrTooManyTokens = errors.New("text has more than " + strconv.Itoa(MaxTokens) +
	" tokens; the limit is " + strconv.Itoa(MaxTokens))

// Runes the rules single out.
const (
	zwnj         = '\u200C'
	zwj          = '\u200D'
	zwsp         = '\u200B'
	softHyphen   = '\u00AD'
	vs16         = '\uFE0F' // emoji presentation selector
	keycap       = '\u20E3' // combining enclosing keycap
	prolongedHW  = '\uFF70' // halfwidth katakana-hiragana prolonged sound mark
	prolonged    = '\u30FC' // katakana-hiragana prolonged sound mark ー
	replacement  = "\uFFFD"
	riFirst      = 0x1F1E6 // regional indicator symbol letter A
	riLast       = 0x1F1FF // regional indicator symbol letter Z
	modFirst     = 0x1F3FB // emoji modifier Fitzpatrick type-1-2
	modLast      = 0x1F3FF // emoji modifier Fitzpatrick type-6
	tagFirst     = 0xE0020 // tag space
	tagLast      = 0xE007F // cancel tag
	classOther   = 0
	classHira    = 1
	classKata    = 2
	classHangul  = 3
	classAnyKana = 4 // the prolonged sound mark: joins either kana class
)

// Tokenize splits s into tokens by the rules in the package documentation.
// It returns ErrTooManyTokens, and no tokens, when s has more than MaxTokens
// tokens; empty or whitespace-only s gives zero tokens and a nil error.
func Tokenize(s string) ([]string, error) {
	var tokens []string
	emit := func(tok string) bool {
		if len(tokens) == MaxTokens {
			return false
		}
		tokens = append(tokens, tok)
		return true
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		var end int
		switch {
		case r == utf8.RuneError && size == 1:
			// One U+FFFD for the whole run of invalid bytes, as strings.ToValidUTF8.
			for i += size; i < len(s); i += size {
				if r, size = utf8.DecodeRuneInString(s[i:]); r != utf8.RuneError || size != 1 {
					break
				}
			}
			if !emit(replacement) {
				return nil, ErrTooManyTokens
			}
			continue
		case isSeparator(r):
			i += size
			continue
		case isKeycapAt(s, i):
			end = scanKeycap(s, i)
		case isWordRune(r):
			end = scanWord(s, i)
		case unicode.Is(unicode.Cf, r):
			// A format character no word or emoji sequence took: invisible, dropped.
			i += size
			continue
		default:
			end = scanCluster(s, i)
		}
		if !emit(s[i:end]) {
			return nil, ErrTooManyTokens
		}
		i = end
	}
	return tokens, nil
}

// invalidRune stands for a byte that is not valid UTF-8; it is in no
// Unicode category, so no rule takes it.
const invalidRune = utf8.MaxRune + 1

// decodeRune is utf8.DecodeRuneInString, except that it returns invalidRune,
// not U+FFFD, for an invalid byte: U+FFFD is a symbol that an emoji sequence
// could take.
func decodeRune(s string) (rune, int) {
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && size == 1 {
		return invalidRune, 1
	}
	return r, size
}

// isSeparator reports whether r separates tokens and is dropped: whitespace
// and control characters. (Other format characters are dropped by Tokenize
// only where no word or cluster takes them.)
func isSeparator(r rune) bool {
	return unicode.IsSpace(r) || r == zwsp || unicode.Is(unicode.Cc, r)
}

// isWordRune reports whether r starts or continues a word: a letter or a digit.
func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsNumber(r)
}

func isHan(r rune) bool { return unicode.Is(unicode.Han, r) }

// isExtend reports whether r attaches to the rune before it whatever that is:
// combining marks, which include the variation selectors and the enclosing
// keycap.
func isExtend(r rune) bool { return unicode.Is(unicode.M, r) }

// isSymbol reports whether r is a symbol, which may start an emoji sequence.
func isSymbol(r rune) bool { return unicode.IsSymbol(r) || isNewEmoji(r) }

// isNewEmoji reports whether r is a code point of the emoji blocks that the
// unicode package's tables (Unicode 15.0) do not know yet; newer emoji arrive
// there.
func isNewEmoji(r rune) bool { return r >= 0x1F000 && r <= 0x1FAFF && !unicode.IsGraphic(r) }

func isRI(r rune) bool       { return r >= riFirst && r <= riLast }
func isModifier(r rune) bool { return r >= modFirst && r <= modLast }
func isTag(r rune) bool      { return r >= tagFirst && r <= tagLast }

// class returns the script class of a word rune; a word never spans two classes.
func class(r rune) int {
	switch {
	case r == prolonged || r == prolongedHW:
		return classAnyKana
	case unicode.Is(unicode.Hiragana, r):
		return classHira
	case unicode.Is(unicode.Katakana, r):
		return classKata
	case unicode.Is(unicode.Hangul, r):
		return classHangul
	}
	return classOther
}

// sameClass reports whether a rune of class next may continue a word of class
// cur, and the class of the word after it does.
func sameClass(cur, next int) (int, bool) {
	switch {
	case cur == next:
		return cur, true
	case next == classAnyKana && (cur == classHira || cur == classKata):
		return cur, true
	case cur == classAnyKana && (next == classHira || next == classKata):
		return next, true
	}
	return cur, false
}

// skipExtend returns the index after the extending runes at s[i:].
func skipExtend(s string, i int) int {
	for i < len(s) && s[i] >= utf8.RuneSelf { // no ASCII character extends
		r, size := decodeRune(s[i:])
		if !isExtend(r) {
			break
		}
		i += size
	}
	return i
}

// isInWordJoiner reports whether r may stand between two runes of one word.
func isInWordJoiner(r rune) bool {
	switch r {
	case '\'', '’', '-', '‐', '‑', softHyphen, '·', zwj, zwnj:
		return true
	}
	return false
}

// scanWord returns the end of the word that starts at s[i], a word rune that
// is not the base of a keycap. A Han ideograph is a word by itself.
func scanWord(s string, i int) int {
	r, size := decodeRune(s[i:])
	i = skipExtend(s, i+size)
	if isHan(r) {
		return i
	}
	cls, last := class(r), r
	// next returns where the word rune at s[j] and its marks end, if it may
	// continue the word.
	next := func(j int) (end int, r rune, ok bool) {
		if c := s[j]; c < utf8.RuneSelf {
			// ASCII, the common case: no Han, no class change but from a
			// kana or Hangul word, no marks to skip unless a keycap's.
			isDigit := c >= '0' && c <= '9'
			if !(isDigit || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') || cls != classOther ||
				isDigit && isKeycapAt(s, j) {
				return 0, rune(c), false
			}
			return skipExtend(s, j+1), rune(c), true
		}
		r, size := decodeRune(s[j:])
		if !isWordRune(r) || isHan(r) || isKeycapAt(s, j) {
			return 0, r, false
		}
		c, ok := sameClass(cls, class(r))
		if !ok {
			return 0, r, false
		}
		cls = c
		return skipExtend(s, j+size), r, true
	}
	for i < len(s) {
		if end, r, ok := next(i); ok {
			i, last = end, r
			continue
		}
		j, size := decodeRune(s[i:])
		joins := isInWordJoiner(j) ||
			(j == '.' || j == ',') && unicode.IsDigit(last) && i+size < len(s) && isDigitAt(s, i+size)
		if !joins || i+size >= len(s) {
			break
		}
		end, r, ok := next(i + size)
		if !ok {
			break
		}
		i, last = end, r
	}
	return i
}

func isDigitAt(s string, i int) bool {
	r, _ := decodeRune(s[i:])
	return unicode.IsDigit(r)
}

// isKeycapAt reports whether a keycap sequence (0-9, # or *, an optional
// U+FE0F, then U+20E3) starts at s[i].
func isKeycapAt(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	switch c := s[i]; {
	case c >= '0' && c <= '9', c == '#', c == '*':
	default:
		return false
	}
	i++
	r, size := decodeRune(s[i:])
	if r == vs16 {
		r, _ = decodeRune(s[i+size:])
	}
	return r == keycap
}

// scanKeycap returns the end of the keycap sequence at s[i].
func scanKeycap(s string, i int) int {
	return skipExtend(s, i+1) // the selector and the keycap are marks
}

// scanCluster returns the end of the grapheme cluster that starts at s[i]:
// punctuation, a symbol or emoji, a lone combining mark, a private-use or
// unassigned code point, with what extends it.
func scanCluster(s string, i int) int {
	r, size := decodeRune(s[i:])
	i += size
	if isRI(r) {
		// Flags are pairs of regional indicators.
		if r2, size2 := decodeRune(s[i:]); isRI(r2) {
			i += size2
		}
		return skipExtend(s, i)
	}
	if !isSymbol(r) {
		return skipExtend(s, i)
	}
	// A symbol: emoji sequences.
	for i < len(s) {
		r, size := decodeRune(s[i:])
		switch {
		case isExtend(r), isModifier(r), isTag(r):
			i += size
			continue
		case r == zwj:
			if r2, size2 := decodeRune(s[i+size:]); unicode.Is(unicode.So, r2) || isNewEmoji(r2) {
				i += size + size2
				continue
			}
		}
		break
	}
	return i
}
