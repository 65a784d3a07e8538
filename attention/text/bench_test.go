package text

import (
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// The UI tokenizes and embeds on every keystroke.
func BenchmarkTokenizeSentence(b *testing.B) {
	s := "The cat sat on the mat, didn't it? 注意力机制很重要。 👨‍👩‍👧 3.14"
	for b.Loop() {
		Tokenize(s)
	}
}

// A 10 MB paste in one word: the worst case, scanned to the end.
func BenchmarkTokenizeHugeWord(b *testing.B) {
	s := strings.Repeat("a", 10<<20)
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		Tokenize(s)
	}
}

func BenchmarkEmbed128(b *testing.B) {
	tokens := make([]string, MaxTokens)
	for i := range tokens {
		tokens[i] = strings.Repeat("w", i%20+1) + string(rune('a'+i%26))
	}
	var x mat.Dense
	for b.Loop() {
		Embed(&x, tokens, 64, 1)
		AddPositional(&x)
	}
}
