package compute

import (
	"errors"
	"unicode"
	"unicode/utf8"

	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/attention/text"
)

// sideProblem is why the engine (or secondOf) rejected (err) s as a
// sentence of its own (compare's B, a padded batch's side): a message where
// the page has one, too many tokens or bytes; none otherwise. Tokenizing
// again, on this rare path, tells which (the engine's error does not wrap
// the tokenizer's).
func sideProblem(err error, s string) Problem {
	if err == nil {
		return Problem{}
	}
	if errors.Is(err, state.ErrTextLong) {
		return Problem{"error.tooLong.side", []any{state.MaxTextBytes, len(s)}}
	}
	if _, terr := text.Tokenize(s); errors.Is(terr, text.ErrTooManyTokens) {
		return Problem{"error.tooMany.side", []any{text.MaxTokens, wordCount(s)}}
	}
	return Problem{}
}

// tooMany is the problem of a text of more than text.MaxTokens tokens: the
// limit, and about how many words the text has (wordCount).
func tooMany(s string) Problem {
	return Problem{"error.tooMany", []any{text.MaxTokens, wordCount(s)}}
}

// wordCount counts the words of s in one pass, without tokenizing it (the
// tokenizer stops after text.MaxTokens): runs of letters and digits, and
// each Han character apart, as the tokenizer makes them tokens. A rough
// count: punctuation and emoji, tokens too, are not counted.
func wordCount(s string) int {
	n, in := 0, false
	for _, r := range s {
		switch {
		case r < utf8.RuneSelf: // the common case, without the tables
			word := 'a' <= r|0x20 && r|0x20 <= 'z' || '0' <= r && r <= '9'
			n, in = n+b2i(word && !in), word
		case unicode.Is(unicode.Han, r):
			n, in = n+1, false
		case unicode.IsLetter(r) || unicode.IsNumber(r):
			if !in {
				n, in = n+1, true
			}
		default:
			in = false
		}
	}
	return n
}

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
