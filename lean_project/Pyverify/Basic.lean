import Mathlib

/-! Hand-written lemmas the generated catalog files may cite. The generated files
(`Pyverify/Generated/*.lean`) are written by `pyverify lean export`. -/

open Matrix

namespace Pyverify

/-- det is multiplicative on 2×2 rational matrices (a certified showcase claim). -/
theorem det_mul_two (A B : Matrix (Fin 2) (Fin 2) ℚ) :
    Matrix.det (A * B) = Matrix.det A * Matrix.det B :=
  Matrix.det_mul A B

end Pyverify
