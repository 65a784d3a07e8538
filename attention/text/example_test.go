package text_test

import (
	"fmt"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention/text"
)

func ExampleTokenize() {
	tokens, err := text.Tokenize("Attention isn't state-of-the-art magic: it costs 3.14 FLOPs!")
	fmt.Printf("%q %v\n", tokens, err)
	// Output:
	// ["Attention" "isn't" "state-of-the-art" "magic" ":" "it" "costs" "3.14" "FLOPs" "!"] <nil>
}

func ExampleTokenize_cjk() {
	tokens, _ := text.Tokenize("注意力机制很重要。")
	fmt.Printf("%q\n", tokens)
	// Output:
	// ["注" "意" "力" "机" "制" "很" "重" "要" "。"]
}

func ExampleTokenize_emoji() {
	tokens, _ := text.Tokenize("I ❤️ 👨‍👩‍👧 in 🇫🇷 👍🏽")
	fmt.Println(len(tokens), tokens)
	// Output:
	// 6 [I ❤️ 👨‍👩‍👧 in 🇫🇷 👍🏽]
}

func ExampleTokenize_limit() {
	_, err := text.Tokenize(strings.Repeat("word ", text.MaxTokens+1))
	fmt.Println(err)
	// Output:
	// text has more than 128 tokens; the limit is 128
}

func ExampleEmbed() {
	var x mat.Dense
	text.Embed(&x, []string{"the", "cat", "the"}, 4, 1)
	r, c := x.Dims()
	fmt.Println(r, c, mat.Equal(x.RowView(0), x.RowView(2)), mat.Equal(x.RowView(0), x.RowView(1)))
	// Output:
	// 3 4 true false
}

func ExampleAddPositional() {
	x := mat.NewDense(3, 4, nil)
	text.AddPositional(x)
	fmt.Printf("%.4f\n", mat.Formatted(x))
	// Output:
	// ⎡ 0.0000   1.0000   0.0000   1.0000⎤
	// ⎢ 0.8415   0.5403   0.0100   1.0000⎥
	// ⎣ 0.9093  -0.4161   0.0200   0.9998⎦
}
