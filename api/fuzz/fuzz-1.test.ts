import { fuzzShard } from "./fuzz-suite.ts";

fuzzShard(0, 3);
