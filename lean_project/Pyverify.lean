import Pyverify.Basic
import Pyverify.Generated
