package model_test

import (
	"fmt"
	"strings"

	"github.com/attnviz/attnviz/attention/model"
)

// Train the reverse task and look at what the trained layer does on a
// sequence of one's own.
func Example() {
	tr, err := model.NewTrainer(model.Config{Task: "reverse", Seed: 1})
	if err != nil {
		panic(err)
	}
	for tr.Steps() < 150 {
		if err := tr.Step(); err != nil {
			panic(err) // a *model.DivergedError says to lower the learning rate
		}
	}
	fmt.Printf("held-out accuracy %.2f\n", tr.Accuracy())
	p, err := tr.Probe("d e a d b e e f")
	if err != nil {
		panic(err)
	}
	fmt.Println("predicted:", strings.Join(p.Predicted, " "))
	w := p.Layers[0].Result.WeightsMean
	best := 0
	for j := range 8 {
		if w.At(0, j) > w.At(0, best) {
			best = j
		}
	}
	fmt.Println("row 0 weighs most key", best)

	_, err = tr.Probe("d e a d b e e z")
	fmt.Println(err)
	// Output:
	// held-out accuracy 1.00
	// predicted: f e e b d a e d
	// row 0 weighs most key 7
	// unknown word "z": task reverse knows only a b c d e f g h i j
}
