// The `fields` parameter (docs/api.md, "Query parameters"), with scenarios modelled on PocketBase's tools/picker tests.
import { describe, expect, it } from "vitest";
import { FilterError } from "./filter/index.ts";
import { excerpt, pickFields } from "./pick-fields.ts";

const record = {
  id: "abc",
  email: "a@example.com",
  name: "Alice",
  description: "<p>Hello <b>big</b> world</p>",
  expand: {
    user: { id: "u1", name: "Bob", email: "b@example.com" },
    stremio_via_user: [
      { id: "s1", email: "x", password: "p" },
      { id: "s2", email: "y", password: "q" },
    ],
  },
};

describe("pickFields", () => {
  const scenarios: { fields: string | undefined; expected: unknown }[] = [
    { fields: undefined, expected: record },
    { fields: "", expected: record },
    { fields: "id", expected: { id: "abc" } },
    { fields: "id, name ,missing", expected: { id: "abc", name: "Alice" } },
    { fields: "expand.user.name", expected: { expand: { user: { name: "Bob" } } } },
    {
      fields: "id,expand.stremio_via_user.email",
      expected: { id: "abc", expand: { stremio_via_user: [{ email: "x" }, { email: "y" }] } },
    },
    { fields: "expand.user", expected: { expand: { user: record.expand.user } } },
    { fields: "expand.user,expand.user.name", expected: { expand: { user: record.expand.user } } },
    {
      fields: "*,expand.user.id",
      expected: {
        id: "abc",
        email: "a@example.com",
        name: "Alice",
        description: record.description,
        expand: { user: { id: "u1" } },
      },
    },
    { fields: "expand.*", expected: { expand: record.expand } },
    { fields: "description:excerpt(9,true)", expected: { description: "Hello big..." } },
    { fields: "description:excerpt(100)", expected: { description: "Hello big world" } },
    { fields: "id:excerpt(1)", expected: { id: "a" } },
    { fields: "expand.user.name:excerpt(2, 1)", expected: { expand: { user: { name: "Bo..." } } } },
  ];
  for (const s of scenarios) {
    it(`picks ${JSON.stringify(s.fields)}`, () => {
      expect(pickFields(record, s.fields)).toEqual(s.expected);
    });
  }

  it("applies to each item of an array (the caller passes list items)", () => {
    expect(
      pickFields(
        [
          { id: "1", a: 1 },
          { id: "2", a: 2 },
        ],
        "id",
      ),
    ).toEqual([{ id: "1" }, { id: "2" }]);
  });

  it("leaves non-string values alone under :excerpt, and never mutates the input", () => {
    const input = { n: 5, list: [1, 2], text: "abcdef" };
    expect(pickFields(input, "n:excerpt(2),list:excerpt(1),text:excerpt(3)")).toEqual({
      n: 5,
      list: [1, 2],
      text: "abc",
    });
    expect(input.text).toBe("abcdef");
  });

  it.each([
    "id:nope(1)",
    "id:excerpt",
    "id:excerpt()",
    "id:excerpt(0)",
    "id:excerpt(-3)",
    "id:excerpt(abc)",
    "id:excerpt(1,true,x)",
    "id:excerpt(1",
    "id),x",
    "id:'",
  ])("rejects the malformed %j", (fields) => {
    expect(() => pickFields(record, fields)).toThrow(FilterError);
  });
});

describe("excerpt", () => {
  // PocketBase's own fixture (tools/picker/excerpt_modifier_test.go).
  const html = ` <script>var a = 123;</script>   <p>Hello</p><div id="test_id">t   est<b>12
	3</b><span>456</span></div><span>word <b>7</b> 89<span>!<b>?</b><b> a </b><b>b </b>c</span>#<h1>title</h1>`;
  const plainText = "Hello t est12 3456 word 7 89!? a b c# title";

  it.each([
    [2, false, plainText.slice(0, 2)],
    [plainText.length, false, plainText],
    [plainText.length + 5, false, plainText],
    [2, true, `${plainText.slice(0, 2)}...`],
    [plainText.length, true, plainText],
    [6, true, "Hello..."],
  ])("max %i, ellipsis %s", (max, withEllipsis, expected) => {
    expect(excerpt(html, max, withEllipsis)).toBe(expected);
  });

  it("counts characters, not bytes", () => {
    expect(excerpt("аб\nв ", 4, true)).toBe("аб в");
    expect(excerpt("аб\nв ", 3, true)).toBe("аб...");
  });

  it("decodes entities and drops images, comments and styles", () => {
    expect(excerpt("Tom &amp; Jerry&#33; <img src=x>&lt;3<!-- hidden --><style>p{}</style>", 50, false)).toBe(
      "Tom & Jerry! <3",
    );
    expect(excerpt("&constructor; &#0; &bogus;", 50, false)).toBe("&constructor; &#0; &bogus;");
  });
});
