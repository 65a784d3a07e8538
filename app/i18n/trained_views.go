package i18n

// The strings of the trained layer in the views that cannot show it, and
// of the compare view on the trained layer (app/views/trained_views.go).
// trainedViewsMessages are this file's texts, a map of its own (see sources).
var trainedViewsMessages = map[string]map[string]string{
	LangEN: {
		"compare.a.introTrained": "On the trained layer, A is the probe sequence “%s” and B the sequence below (the probe reversed to start with), each put through the trained model to this layer. Type B with as many of the task's words; both go through the same trained weights.",
		"compare.copyTrained":    "Start from the probe",

		"trained.notHere.scaling": "The scaling view shows the sentence, not the trained layer: its curves sweep d_k over fresh random weights of each size, and the trained layer has one d_k and weights learnt for it.",
		"trained.notHere.padding": "The padding view shows the sentence, not the trained layer: the model learnt its task without padding tokens or a padding mask, so a padded batch of its sequences would show nothing it learnt.",
		"trained.notHere.open":    "The trained layer is in the attention, pipeline and compare views.",
		"trained.openAttention":   "Trained layer in the attention view",
		"trained.present":         "Trained layer %d (“%s”, step %d) on the probe “%s”",
	},
	LangZH: {
		"compare.a.introTrained": "在训练后的这一层上，A 是探测序列“%s”，B 是下面的序列（开始时是探测序列倒过来），两者各自经过训练后的模型到达这一层。输入由任务的词组成、长度相同的 B；两者经过同一组训练得到的权重。",
		"compare.copyTrained":    "从探测序列开始",

		"trained.notHere.scaling": "缩放视图显示的是句子，不是训练后的这一层：它的曲线在每个 d_k 上用新的随机权重扫过，而训练后的这一层只有一个 d_k，权重也是为它学出来的。",
		"trained.notHere.padding": "填充视图显示的是句子，不是训练后的这一层：模型学习任务时没有填充词元，也没有填充掩码，所以把它的序列填充成一批看不到它学到的东西。",
		"trained.notHere.open":    "训练后的这一层在注意力、流程和比较视图中。",
		"trained.openAttention":   "在注意力视图中看训练后的这一层",
		"trained.present":         "训练后的第 %d 层（“%s”，第 %d 步），探测序列“%s”",
	},
}
