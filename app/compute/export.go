package compute

import "errors"

// ModelJSON returns the trained model as the JSON of model.Trainer.Export:
// the bytes attn train -out writes for the same run.
func (t *Training) ModelJSON() (string, error) {
	if t.trainer == nil {
		return "", errors.New("no model: the run has no trainer")
	}
	b, err := t.trainer.Export()
	return string(b), err
}
