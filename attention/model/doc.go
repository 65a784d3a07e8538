// Package model is a small trainable transformer built from package
// attention's layers, its trainer and the tasks it learns, for the
// attention visualizer's Learn view and for attn train.
//
// A Model is token and position embeddings, one or two residual layers of
// multi-head self-attention (attention.Forward, whose gradients come from
// attention.Backward) and an unembedding, trained on a softmax
// cross-entropy loss by AdamW with global-norm clipping. A Trainer takes one
// step at a time (Step), reports the loss, the held-out accuracy and how
// often the attention shows the task's pattern, runs the model on a
// sequence of the user's (Probe: per layer an attention.Input and Result,
// which the visualizer's views dissect) and exports it as JSON (Export).
//
// Each Task generates sequences from a seed, holds out one in eight, and
// says in English and Chinese which attention pattern solves it; its tests
// check that the trained model shows that pattern. Training is a function of
// the task, seed, learning rate and number of steps, bit for bit the same
// natively and in WebAssembly. docs/model.md describes the tasks, the API
// and the exported JSON.
package model
