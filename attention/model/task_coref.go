package model

import (
	"math/rand/v2"
	"slices"
	"strings"
)

// coreference: sentences of a small grammar in English and Chinese, in
// which "it"/"它" refers to the subject or the object depending on the
// adjective; the model predicts, at the pronoun, the noun it refers to.

// corefTemplate is one sentence pattern: its words, with S (subject), O
// (object), P (the pronoun) and A (the adjective) as slots.
type corefTemplate struct {
	words          []string
	subjects       []string
	objects        []string
	subjAdj, objAd []string // adjectives that make the pronoun the subject / object
}

var (
	animalsEn = []string{"animal", "cat", "dog", "horse", "cow", "fox"}
	placesEn  = []string{"street", "road", "river", "bridge", "field", "track"}
	animalsZh = []string{"动物", "猫", "狗", "马", "牛", "狐狸"}
	placesZh  = []string{"街道", "马路", "河", "桥", "田野", "跑道"}
	tiredEn   = []string{"tired", "lazy", "sleepy", "scared"}
	tiredZh   = []string{"累", "懒", "困", "害怕"}

	corefTemplates = []corefTemplate{
		{strings.Fields("the S didn't cross the O because P was too A ."), animalsEn, placesEn, tiredEn, strings.Fields("wide busy long wet")},
		{strings.Fields("the S didn't chase the O because P was too A ."), animalsEn, animalsEn, tiredEn, strings.Fields("fast quick far")},
		{strings.Fields("S 没有 穿过 O ， 因为 P 太 A 了 。"), animalsZh, placesZh, tiredZh, strings.Fields("宽 繁忙 长 湿")},
		{strings.Fields("S 没有 追 O ， 因为 P 太 A 了 。"), animalsZh, animalsZh, tiredZh, strings.Fields("快 远")},
	}
)

// corefVocab returns every word of the templates, once, in a fixed order.
func corefVocab() []string {
	var v []string
	add := func(ws ...string) {
		for _, w := range ws {
			if len(w) == 1 && strings.Contains("SOPA", w) || slices.Contains(v, w) {
				continue
			}
			v = append(v, w)
		}
	}
	add("it", "它")
	for _, t := range corefTemplates {
		add(t.words...)
		add(t.subjects...)
		add(t.objects...)
		add(t.subjAdj...)
		add(t.objAd...)
	}
	return v
}

func corefTask() *Task {
	vocab := corefVocab()
	id := func(w string) int { return slices.Index(vocab, w) }
	return &Task{
		Name:    "coreference",
		Summary: "at \"it\"/\"它\", the noun it refers to, which the adjective decides",
		Explain: Explanation{
			En:     "In \"The animal didn't cross the street because it was too tired\", \"it\" is the animal; with \"too wide\" it is the street. Nothing before the pronoun decides, so two layers work together: in layer 1 the pronoun reads the adjective, and in layer 2 its row puts more weight on the noun it refers to than on the other noun, and switches noun when the adjective changes. With \"chase\" both nouns are animals, so only the attention can tell them apart.",
			ZhHans: "在“动物没有穿过街道，因为它太累了”中，“它”指动物；换成“太宽了”，它就指街道。代词之前的词决定不了，所以两层要配合：第 1 层里代词读取形容词，第 2 层里代词那一行给它所指的名词的权重比给另一个名词的大，形容词一变，就换到另一个名词。用“追”时两个名词都是动物，只有注意力才能把它们区分开。",
		},
		Vocab: vocab,
		Arch:  Arch{MaxLen: 12, DModel: 32, Heads: 4, Layers: 2},
		LR:    0.005, WeightDecay: 1, Clip: 1, Batch: 64, Steps: 400, Target: 0.95, PatternTarget: 0.9,
		Sample: "the animal didn't cross the street because it was too tired .",
		generate: func(r *rand.Rand) Example {
			return corefExample(r, id)
		},
		pattern: corefShows,
	}
}

// corefExample draws a template, two different nouns and an adjective.
func corefExample(r *rand.Rand, id func(string) int) Example {
	t := corefTemplates[r.IntN(len(corefTemplates))]
	subj := t.subjects[r.IntN(len(t.subjects))]
	obj := t.objects[r.IntN(len(t.objects))]
	for obj == subj {
		obj = t.objects[r.IntN(len(t.objects))]
	}
	adjs := append(slices.Clone(t.subjAdj), t.objAd...)
	k := r.IntN(len(adjs))
	toSubj := k < len(t.subjAdj)
	n := len(t.words)
	ex := Example{Tokens: make([]int, n), Targets: make([]int, n), Refs: make([]int, n), Alt: make([]int, n)}
	var sPos, oPos, pPos int
	for i, w := range t.words {
		ex.Targets[i], ex.Refs[i], ex.Alt[i] = -1, -1, -1
		switch w {
		case "S":
			w, sPos = subj, i
		case "O":
			w, oPos = obj, i
		case "A":
			w = adjs[k]
		case "P":
			w, pPos = "it", i
			if strings.HasSuffix(t.words[0], "S") {
				w = "它"
			}
		}
		ex.Tokens[i] = id(w)
	}
	ref, alt := oPos, sPos
	if toSubj {
		ref, alt = sPos, oPos
	}
	ex.Targets[pPos], ex.Refs[pPos], ex.Alt[pPos] = ex.Tokens[ref], ref, alt
	return ex
}

// corefShows reports whether, in the mean of the last layer's heads, the
// pronoun's row weighs the referent more than the other noun.
func corefShows(ex *Example, p *Pass) bool {
	n := len(ex.Tokens)
	w := p.Res[len(p.Res)-1].WeightsMean.RawMatrix().Data
	for i, ref := range ex.Refs {
		if ref >= 0 && w[i*n+ref] <= w[i*n+ex.Alt[i]] {
			return false
		}
	}
	return true
}
