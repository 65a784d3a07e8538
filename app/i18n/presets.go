package i18n

// The strings of the preset sentences (app/views/presets.go): for each
// preset its button's name and its sentence, in every language; the Chinese
// sentence is the same in both (views.ChineseSentence).
// presetsMessages are this file's texts, a map of its own (see sources).
var presetsMessages = map[string]map[string]string{
	LangEN: {
		"presets.label": "Example sentences",

		"preset.cat":         "The cat on the mat",
		"preset.cat.text":    "The cat sat on the mat.",
		"preset.it":          "“it” and the animal",
		"preset.it.text":     "The animal didn't cross the street because it was too tired.",
		"preset.chinese":     "A Chinese sentence",
		"preset.repeat":      "A repeated word",
		"preset.repeat.text": "The dog saw the other dog, and the dog barked.",
		"preset.long":        "A long paragraph",
		"preset.long.text":   "Attention lets every word in a sentence look at every other word and decide how much each one matters. A query asks a question, each key offers an answer, and the softmax turns the scores into weights that sum to one. The output of each word is then a weighted mix of the values, so a word can borrow meaning from its neighbours, near or far, in a single step. Several heads do this side by side, each with its own projections, and a last matrix mixes what they found. No recurrence is needed, so the whole sentence is computed at once.",
	},
	LangZH: {
		"presets.label": "示例句子",

		"preset.cat":         "垫子上的猫",
		"preset.cat.text":    "猫坐在垫子上。",
		"preset.it":          "“它”指的是谁",
		"preset.it.text":     "这只动物没有过马路，因为它太累了。",
		"preset.chinese":     "一句中文",
		"preset.repeat":      "重复的词",
		"preset.repeat.text": "小狗看见另一只小狗，小狗就叫了。",
		"preset.long":        "一段长文字",
		"preset.long.text":   "注意力让句子中的每个词都能看到其他所有的词，并决定每个词有多重要。查询提出一个问题，每个键给出一个回答，软最大函数把分数变成总和为一的权重。每个词的输出就是各个值的加权混合，所以一个词可以在一步之内，从远近不同的邻居那里借来意思。",
	},
}
