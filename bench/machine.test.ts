import { describe, expect, it } from "vitest";
import { cpuModel } from "./machine";

describe("the machine line", () => {
  it("names the core by family, model and stepping where the model name is only the vendor's", () => {
    const cpuinfo =
      "processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 26\nmodel\t\t: 2\nmodel name\t: AMD EPYC\nstepping\t: 1\n";
    expect(cpuModel(cpuinfo)).toBe("AMD EPYC (family 26 model 2 stepping 1)");
  });

  it("keeps a full model name and collapses its spaces", () => {
    const cpuinfo =
      "cpu family\t: 6\nmodel\t\t: 85\nmodel name\t: Intel(R) Xeon(R)  Platinum 8259CL CPU @ 2.50GHz\nstepping\t: 7\n";
    expect(cpuModel(cpuinfo)).toBe("Intel(R) Xeon(R) Platinum 8259CL CPU @ 2.50GHz (family 6 model 85 stepping 7)");
  });
});
