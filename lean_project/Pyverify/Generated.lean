import Pyverify.Generated.AlgebraInequalities
import Pyverify.Generated.Combinatorics
import Pyverify.Generated.Matrices
import Pyverify.Generated.NumberTheory
import Pyverify.Generated.Order
import Pyverify.Generated.RealFunctions
import Pyverify.Generated.SumsRecurrences
