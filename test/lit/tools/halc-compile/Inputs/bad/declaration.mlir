// ERROR: 2:1: 'func.func' op symbol declaration cannot have public visibility
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32>
