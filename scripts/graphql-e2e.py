#!/usr/bin/env python3
"""GraphQL from outside the Swift code, judged by graphql-core (PyPI), an implementation Understudy shares nothing
with: `understudy serve --scenarios Tests/Fixtures/graphql-e2e --scenario shop` and its /shop/graphql endpoint.

graphql-core builds the fixture's schema (graphql/schema.graphql) and judges every answer the schema gives: each query
must pass graphql-core's `validate`, and graphql-core executes the same query again over the server's data (a field
resolver reading each response key, a type resolver reading `__typename`), so nullability, lists, enum values, scalars
and possible types are graphql-core's verdict; the data it produces must equal the server's, key order included.
Then invalid queries (400, errors located where graphql-core locates them), introspection (the schema graphql-core
rebuilds from it prints as the fixture's does), GET and application/graphql, automatic persisted queries with real
SHA-256 hashes, batches, the faults, staged operations and a session's own ones, the journal's graphql_operations, and
the hostile cases (each refused with a 4xx within 2 s, the server answering afterwards). docs/graphql.md is the contract.

Usage: scripts/graphql-e2e.py BINARY   (scripts/graphql-e2e.sh makes the venv). Prints a line per check and
`graphql-e2e: N checks passed`; exit status 1 when anything disagrees, with what differed.
"""
import difflib, hashlib, json, os, sys, threading, time

import httpx
from graphql import (GraphQLError, build_client_schema, build_schema, get_introspection_query, graphql_sync, is_leaf_type,
                     get_named_type, is_non_null_type, lexicographic_sort_schema, parse, print_schema, validate)

import e2e_support
from e2e_support import start

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
FIXTURES = os.path.join(ROOT, "Tests/Fixtures/graphql-e2e")
PATH = "/shop/graphql"
ADMIN = {"Content-Type": "application/json"}
RUN = f"gql-{os.getpid()}"
# What shop.yaml stages for GetFilms, and the operations named in the checks of staged answers.
FILMS = {"data": {"films": [{"id": "1", "title": "A New Hope", "episode": "NEWHOPE"},
                            {"id": "2", "title": "The Empire Strikes Back", "episode": "EMPIRE"}]}}
GET_FILMS = "query GetFilms { films { id title episode } }"
CREATE_ORDER = "mutation CreateOrder($input: OrderInput!) { createOrder(input: $input) { id status total } }"
ORDER = {"input": {"lines": [{"sku": "B-1", "quantity": 1}]}}
with open(os.path.join(FIXTURES, "graphql/schema.graphql")) as schema_file:
    SDL = schema_file.read()
SCHEMA = build_schema(SDL)


def string_scalar(name):
    """docs/graphql.md: custom scalars are answered as strings. graphql-core's default for a custom scalar takes
    anything; this one refuses what is not a string."""
    def serialize(value):
        if not isinstance(value, str):
            raise GraphQLError(f"{name} is answered as a string (docs/graphql.md), not {json.dumps(value)[:80]}")
        return value
    return serialize


for scalar in ("DateTime", "Money"):
    SCHEMA.type_map[scalar].serialize = string_scalar(scalar)

checks = 0


def check(condition, message):
    global checks
    checks += 1
    e2e_support.check(condition, message)


# Comparing JSON values: key order kept, true not 1, 3 and 3.0 the same number (JSON does not tell them apart).

def tagged(value):
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, (int, float)):
        return ("number", value)
    if isinstance(value, dict):
        return ("object", tuple((key, tagged(member)) for key, member in value.items()))
    if isinstance(value, list):
        return ("array", tuple(tagged(member) for member in value))
    return (type(value).__name__, value)


def difference(got, expected, path="data"):
    """Where two JSON values first differ, as text; None when they are the same."""
    if isinstance(got, dict) and isinstance(expected, dict):
        if list(got) != list(expected):
            return f"{path}: keys {list(got)}, expected {list(expected)}"
        for key in got:
            found = difference(got[key], expected[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(got, list) and isinstance(expected, list):
        if len(got) != len(expected):
            return f"{path}: {len(got)} items, expected {len(expected)}"
        for index, (a, b) in enumerate(zip(got, expected)):
            found = difference(a, b, f"{path}[{index}]")
            if found:
                return found
        return None
    if tagged(got) != tagged(expected):
        return f"{path}: {json.dumps(got)[:200]}, expected {json.dumps(expected)[:200]}"
    return None


def at(value, path):
    for key in path:
        value = value[key]
    return value


# graphql-core as the judge.

class Absent:
    """A response key the server's data does not have."""


def judge(query, variables, data, operation_name=None):
    """graphql-core executes `query` again over the server's `data`. Returns (problems, fields): what graphql-core
    refused or produced differently, and every field it resolved as (path, its type)."""
    fields = []

    def field_resolver(source, info, **_):
        path = tuple(info.path.as_list())
        fields.append((path, info.return_type))
        if not isinstance(source, dict):
            raise GraphQLError(f"the server's data holds {json.dumps(source)[:80]} where an object of {info.parent_type} is")
        if info.path.key not in source:
            raise GraphQLError(f"the server's data has no key {info.path.key!r}")
        return source[info.path.key]

    def type_resolver(value, info, abstract_type):
        name = value.get("__typename") if isinstance(value, dict) else None
        if name is None:
            raise GraphQLError(f"no __typename to resolve {abstract_type} (the script's query must select it)")
        return name

    if not isinstance(data, dict):
        return [f"data is {json.dumps(data)[:200]}, not an object"], fields
    result = graphql_sync(SCHEMA, query, root_value=data, variable_values=variables, operation_name=operation_name,
                          field_resolver=field_resolver, type_resolver=type_resolver)
    problems = [f"graphql-core: {error.message} at {error.path}" for error in result.errors or []]
    if not problems:
        differs = difference(data, result.data)
        if differs:
            problems.append(f"graphql-core's execution over it differs: {differs}")
    return problems, fields


def core_errors(query, variables=None):
    """What graphql-core answers a request it refuses: its errors (syntax, validation, variables)."""
    result = graphql_sync(SCHEMA, query, variable_values=variables, field_resolver=lambda *_a, **_k: None)
    return result.errors or []


# HTTP.

def session_headers(session):
    return {"X-Understudy-Session": session} if session else {}


def post(client, base, body, session=None, **options):
    return client.post(base + PATH, content=json.dumps(body).encode(), headers={"Content-Type": "application/json", **session_headers(session)}, **options)


def request_body(query=None, variables=None, operation=None, extensions=None):
    body = {}
    if query is not None:
        body["query"] = query
    if operation is not None:
        body["operationName"] = operation
    if variables is not None:
        body["variables"] = variables
    if extensions is not None:
        body["extensions"] = extensions
    return body


def gql(client, base, query=None, variables=None, operation=None, session=None, extensions=None):
    return post(client, base, request_body(query, variables, operation, extensions), session)


def get(client, base, query=None, variables=None, operation=None, session=None, extensions=None):
    params = {}
    if query is not None:
        params["query"] = query
    if operation is not None:
        params["operationName"] = operation
    if variables is not None:
        params["variables"] = json.dumps(variables)
    if extensions is not None:
        params["extensions"] = json.dumps(extensions)
    return client.get(base + PATH, params=params, headers=session_headers(session))


def body_of(answer):
    try:
        return json.loads(answer.content)
    except ValueError:
        return None


def show(answer):
    return f"{answer.status_code} {answer.text[:600]}"


def admin(client, base, method, path, body=None):
    answer = client.request(method, base + "/__admin" + path, headers=ADMIN if body is not None else {},
                            content=json.dumps(body).encode() if body is not None else None)
    if answer.status_code >= 300:
        raise SystemExit(f"admin {method} {path}: {show(answer)}")
    return answer


PLACE_ORDER_TEXT = """mutation PlaceOrder($input: OrderInput!) {
  createOrder(input: $input) {
    id status currency total placedAt
    lines { quantity unitPrice product { __typename sku } }
    customer { name }
  }
}"""

# 1. Queries answered from the schema. Each: a label, the query, its variables (or None), its operationName (or None),
# and list lengths the answer must have (path, with "*" for every item of a list, and the count).

QUERIES = [
    ("scalars", "query Viewer { viewer { id name email vip } }", None, None, []),
    ("aliases", """query Aliases {
  me: viewer { handle: name mail: email isVip: vip }
  first: product(id: "p1") { __typename id label: name }
  second: product(id: "p2") { __typename id label: name }
}""", None, None, []),
    ("named fragments", """query WithFragments {
  viewer { ...CustomerParts orders(first: 2) { ...OrderParts } }
}
fragment CustomerParts on Customer { id name address { city country postalCode } }
fragment OrderParts on Order { id status currency total placedAt note }""", None, None, [(("viewer", "orders"), 2)]),
    ("inline fragments on an interface", """query ProductKinds {
  products(first: 4) {
    __typename id name price stock
    ... on Book { isbn pages author { name born } }
    ... on Film { title episode releaseDate director { name } }
    ... on Gadget { weightGrams batteries }
  }
}""", None, None, [(("products",), 4)]),
    ("inline fragments on a union", """query Search($text: String!) {
  search(text: $text, first: 6) {
    __typename
    ... on Product { id name averageRating }
    ... on Customer { id email }
    ... on Film { runtimeMinutes }
  }
}""", {"text": "hope"}, None, [(("search",), 6)]),
    ("a list's default length", "query Categories { categories { id name } }", None, None, [(("categories",), 2)]),
    ("first: 0, 7, 50 and 80", """query Counts {
  none: categories(first: 0) { id }
  seven: categories(first: 7) { id }
  fifty: categories(first: 50) { id }
  capped: categories(first: 80) { id }
}""", None, None, [(("none",), 0), (("seven",), 7), (("fifty",), 50), (("capped",), 50)]),
    ("first: from a variable", "query Paged($n: Int) { films(first: $n) { id title } }", {"n": 3}, None, [(("films",), 3)]),
    ("arguments' defaults (reviews(first: Int = 3), search(text: String!, first: Int = 5))", """query Ratings {
  products(first: 2) { __typename averageRating reviews { rating createdAt title } }
  search(text: "x") { __typename }
}""", None, None, [(("products", "*", "reviews"), 3), (("search",), 5)]),
    ("objects nested 5 deep", """query Deep {
  viewer {
    orders(first: 2) {
      lines {
        product { __typename name reviews(first: 1) { author { name address { city } } } }
      }
    }
  }
}""", None, None, [(("viewer", "orders"), 2), (("viewer", "orders", "*", "lines", "*", "product", "reviews"), 1)]),
    ("__typename everywhere", """query Typenames {
  __typename
  viewer { __typename address { __typename } orders(first: 1) { __typename lines { __typename } } }
  node(id: "n1") { __typename id }
}""", None, None, []),
    ("@include and @skip (included)", """query Directives($withEmail: Boolean!, $skipOrders: Boolean!) {
  viewer { name email @include(if: $withEmail) orders(first: 1) @skip(if: $skipOrders) { id } }
}""", {"withEmail": True, "skipOrders": False}, None, []),
    ("@include and @skip (left out)", """query Directives($withEmail: Boolean!, $skipOrders: Boolean!) {
  viewer { name email @include(if: $withEmail) orders(first: 1) @skip(if: $skipOrders) { id } }
}""", {"withEmail": False, "skipOrders": True}, None, []),
    ("@include on spreads, default variable", """query OnFragments($full: Boolean = false) {
  viewer { id ...Full @include(if: $full) ... on Customer @skip(if: $full) { name } }
}
fragment Full on Customer { email vip }""", {}, None, []),
    ("@include on spreads, variable given", """query OnFragments($full: Boolean = false) {
  viewer { id ...Full @include(if: $full) ... on Customer @skip(if: $full) { name } }
}
fragment Full on Customer { email vip }""", {"full": True}, None, []),
    ("variables of every kind", """query AllKinds($id: ID!, $first: Int, $text: String!, $rating: Float, $inStock: Boolean!,
    $stock: StockLevel!, $since: DateTime, $sort: SortOrder = DESC, $category: ID) {
  product(id: $id) { __typename id }
  products(first: $first, sort: $sort, filter: {stock: [$stock], minRating: $rating, newerThan: $since, inCategory: $category}) {
    __typename id stock price @include(if: $inStock)
  }
  search(text: $text, first: $first) { __typename }
}""", {"id": 7, "first": 3, "text": "x", "rating": 3.5, "inStock": True, "stock": "LOW", "since": "2026-01-01T00:00:00Z",
       "category": None}, None, [(("products",), 3), (("search",), 3)]),
    ("an input object with a list of input objects", PLACE_ORDER_TEXT, {"input": {"lines": [{"sku": "B-1", "quantity": 2}, {"sku": "F-2"}], "currency": "GBP",
                 "deliverBy": "2026-06-01T00:00:00Z", "giftWrap": True, "note": None}}, None, []),
    ("a mutation of three fields with aliases", """mutation Rate {
  good: rateProduct(id: "p1", rating: 5, title: "Great") { id rating title }
  bad: rateProduct(id: "p2", rating: 1) { id rating author { name } }
  cancelOrder(id: "o1", reason: null) { id status }
}""", None, None, []),
    ("a list variable, and one value for a list", """query Filtered($stock: [StockLevel!], $max: Money) {
  products(first: 3, filter: {stock: $stock, maxPrice: $max}) { __typename id stock price }
}""", {"stock": "LOW", "max": "20.00 EUR"}, None, [(("products",), 3)]),
    ("nullable lists and nullable items", """query Lists {
  tags
  viewer { wishlist { __typename id } orders(first: 1) { trackingNumbers } }
}""", None, None, []),
    ("a deprecated field and enum value", """query Deprecated {
  bestsellers { __typename id }
  viewer { orders(first: 2, status: VOIDED) { status } }
}""", None, None, [(("viewer", "orders"), 2)]),
    ("node(id:) over seven types", """query Node($id: ID!) {
  node(id: $id) {
    __typename id
    ... on Product { name }
    ... on Person { born }
    ... on Category { parent { name } children(first: 2) { name } }
    ... on Customer { email }
    ... on Order { status }
    ... on Review { rating }
  }
}""", {"id": "n-42"}, None, []),
    ("an anonymous query", '{ film(id: "9") { title director { name } releaseDate } }', None, None, []),
    ("operationName choosing one of two", "query First { viewer { id } }\nquery Second { tags categories(first: 1) { name } }",
     None, "Second", [(("categories",), 1)]),
    ("fragments within fragments, a bare inline fragment", """query Nested { viewer { ...A } }
fragment A on Customer { ...B ... { email } }
fragment B on Customer { id orders(first: 1) { ...C } }
fragment C on Order { id customer { id } lines { quantity } }""", None, None, []),
    ("one field twice, selections merged", "query Merge { viewer { orders(first: 1) { id } orders(first: 1) { status } } }",
     None, None, [(("viewer", "orders"), 1)]),
    ("variables' defaults and null", """query Defaults($first: Int = 3, $status: OrderStatus = null) {
  viewer { orders(first: $first, status: $status) { id } }
}""", {}, None, [(("viewer", "orders"), 3)]),
    ("a category tree", """query Tree {
  categories(first: 1) { name parent { name parent { name parent { id } } } children(first: 3) { name children { name } } }
}""", None, None, [(("categories",), 1), (("categories", "*", "children"), 3)]),
    ("__type and __schema beside data", """query TypeInfo {
  __type(name: "Product") { name kind possibleTypes { name } }
  __schema { queryType { name } mutationType { name } }
  tags
}""", None, None, []),
]


QUERY_BY_LABEL = {entry[0]: entry for entry in QUERIES}


class Q(tuple):
    """One of QUERIES by its label: .query, .variables."""
    def __new__(cls, label):
        return super().__new__(cls, QUERY_BY_LABEL[label])

    query = property(lambda self: self[1])
    variables = property(lambda self: self[2])


VIEWER, PLACE_ORDER, PAGED = Q("scalars"), Q("an input object with a list of input objects"), Q("first: from a variable")


def lengths(data, path):
    """The lengths of the lists at `path` ("*": every item of a list on the way)."""
    values = [data]
    for key in path:
        values = [item for value in values if isinstance(value, list) for item in value] if key == "*" else \
            [value.get(key) for value in values if isinstance(value, dict)]
    return [len(value) if isinstance(value, list) else value for value in values]


def schema_answers(client, base):
    for label, query, variables, operation, counts in QUERIES:
        problems = [f"graphql-core's validate: {error.message}" for error in validate(SCHEMA, parse(query))]
        answer = gql(client, base, query, variables, operation)
        body = body_of(answer)
        fields = []
        if answer.status_code != 200 or not isinstance(body, dict) or "errors" in body or "data" not in body:
            problems.append(f"answer {show(answer)}")
        elif "json" not in answer.headers.get("Content-Type", ""):
            problems.append(f"Content-Type {answer.headers.get('Content-Type')!r}")
        else:
            found, fields = judge(query, variables, body["data"], operation)
            problems += found
            for path, count in counts:
                got = lengths(body["data"], path)
                if not got or any(n != count for n in got):
                    problems.append(f"{'.'.join(path)}: lengths {got}, expected {count}")
            again = gql(client, base, query, variables, operation)
            if again.content != answer.content:
                problems.append(f"the same request again answered other bytes: {again.text[:300]}")
        check(not problems, f"schema: {label}: valid, data as graphql-core executes it ({len(fields)} fields), the same bytes twice"
              + (": " + "; ".join(problems)[:1500] if problems else ""))
    # Different variables may answer differently; the same ones always the same.
    query = "query One($id: ID!) { product(id: $id) { __typename id name price } }"
    answers = [gql(client, base, query, {"id": ident}).content for ident in ("a", "b", "a")]
    check(answers[0] == answers[2], f"schema: the same variables answer the same bytes after others "
          f"({'the same' if answers[0] == answers[1] else 'other'} bytes for other variables)")


# 2. Invalid queries.

INVALID = [
    ("an unknown field", "query UnknownField {\n  viewer {\n    id\n    nickname\n  }\n}", None),
    ("an argument of the wrong type", 'query WrongArgument {\n  products(first: "three") {\n    __typename id\n  }\n}', None),
    ("a required variable not given", "query MissingVariable($id: ID!) {\n  product(id: $id) {\n    __typename id\n  }\n}", {}),
    ("a variable of the wrong type", "query BadVariable($n: Int) {\n  films(first: $n) { id }\n}", {"n": "many"}),
    ("a fragment on a scalar", "query ScalarFragment {\n  viewer { id ...F }\n}\n\nfragment F on String {\n  length\n}", None),
    ("a syntax error", "query Unclosed {\n  viewer {\n    id\n  }\n", None),
    ("a syntax error inside", "query Broken {\n  viewer { id: }\n}", None),
    ("an Int variable past 32 bits", "query Big($n: Int) {\n  films(first: $n) { id }\n}", {"n": 2 ** 31}),
    ("an enum variable of no such value", "query Stock($s: StockLevel!) {\n  products(filter: {stock: [$s]}) { id }\n}", {"s": "PLENTY"}),
    ("null for a non-null variable", "query NullId($id: ID!) {\n  product(id: $id) { id }\n}", {"id": None}),
    ("an input object without a required field", PLACE_ORDER_TEXT, {"input": {"currency": "EUR"}}),
    ("an input object with an unknown field", PLACE_ORDER_TEXT, {"input": {"lines": [{"sku": "B-1", "colour": "red"}]}}),
    ("a missing selection set", "query NoSelection {\n  viewer\n}", None),
    ("an undefined variable", "query Undefined {\n  film(id: $id) { id }\n}", None),
]


def locations(error):
    return [(place.get("line"), place.get("column")) for place in error.get("locations") or []] if isinstance(error, dict) else []


def invalid_queries(client, base):
    for label, query, variables in INVALID:
        expected = core_errors(query, variables)
        answer = gql(client, base, query, variables)
        body = body_of(answer)
        errors = body.get("errors") if isinstance(body, dict) else None
        problems = []
        if not expected:
            problems.append("graphql-core accepts it (the script's query is wrong)")
        if answer.status_code != 400:
            problems.append(f"status {answer.status_code}")
        if not isinstance(errors, list) or not errors:
            problems.append("no errors")
        elif not all(locations(error) for error in errors):
            problems.append("an error without locations")
        elif expected and locations(errors[0]) != [(p.line, p.column) for p in expected[0].locations or []]:
            problems.append(f"first error at {locations(errors[0])}, graphql-core's at "
                            f"{[(p.line, p.column) for p in expected[0].locations or []]} ({expected[0].message!r})")
        if isinstance(body, dict) and "data" in body:
            problems.append("a data key")
        first = errors[0].get("message") if isinstance(errors, list) and errors and isinstance(errors[0], dict) else None
        check(not problems, f"invalid: {label}: {answer.status_code}, {len(errors or [])} error(s), first at "
              f"{locations(errors[0]) if errors else None} ({first!r}; graphql-core: {expected[0].message if expected else None!r})"
              + (": " + "; ".join(problems) + f"; body {answer.text[:400]}" if problems else ""))


# 3. Introspection.

def introspection(client, base):
    answer = gql(client, base, get_introspection_query(descriptions=True), operation="IntrospectionQuery")
    body = body_of(answer)
    try:
        if answer.status_code != 200 or not isinstance(body, dict) or body.get("errors"):
            raise ValueError(show(answer))
        client_schema = build_client_schema(body["data"])
        served, expected = print_schema(client_schema), print_schema(SCHEMA)
        if served == expected:
            check(True, f"introspection: build_client_schema takes it; print_schema equals the fixture's ({len(expected.splitlines())} lines)")
        else:
            # The same schema but for the order of its types and fields? Then only the order is reported (below).
            served, expected = print_schema(lexicographic_sort_schema(client_schema)), print_schema(lexicographic_sort_schema(SCHEMA))
            diff = list(difflib.unified_diff(expected.splitlines(), served.splitlines(), "fixture", "introspected", lineterm="", n=1))
            check(not diff, f"introspection: build_client_schema takes it; print_schema equals the fixture's, both sorted by "
                  f"graphql-core's lexicographic_sort_schema ({len(expected.splitlines())} lines)" + ("; differs:\n" + "\n".join(diff[:80]) if diff else ""))
            print(f"note introspection lists the schema in another order than the SDL's: {order_difference(body['data']['__schema'])}")
    except Exception as error:  # build_client_schema's refusals are TypeErrors and the like
        check(False, f"introspection: {type(error).__name__}: {str(error)[:1500]}")
    again = gql(client, base, get_introspection_query(descriptions=True), operation="IntrospectionQuery")
    check(again.content == answer.content, "introspection: the same bytes twice")
    # The typename of the root and a __type for an input and an enum, against graphql-core's own answer.
    query = """query Types {
  input: __type(name: "OrderInput") { kind inputFields { name defaultValue type { kind name ofType { kind name } } } }
  enum: __type(name: "OrderStatus") { enumValues(includeDeprecated: true) { name isDeprecated deprecationReason } }
  missing: __type(name: "Nope") { name }
}"""
    answer = gql(client, base, query)
    body = body_of(answer) or {}
    expected = by_name(graphql_sync(SCHEMA, query).data)
    differs = difference(by_name(body.get("data")), expected) if answer.status_code == 200 and "errors" not in body else show(answer)
    check(not differs, "introspection: __type of an input object (defaults) and an enum (deprecated values) as graphql-core answers"
          + (f": {differs}" if differs else ""))


def order_difference(served):
    """Where the introspected types and fields come in another order than the fixture's (graphql-core keeps the SDL's)."""
    notes = []
    names = [kind["name"] for kind in served["types"] if not kind["name"].startswith("__")]
    ours = [name for name in SCHEMA.type_map if not name.startswith("__")]
    if names != ours and sorted(names) == sorted(ours):
        notes.append(f"types {', '.join(names[:4])}, … where the SDL has {', '.join(ours[:4])}, …")
    for kind in served["types"]:
        fields = [field["name"] for field in kind.get("fields") or kind.get("inputFields") or []]
        ours = list(getattr(SCHEMA.type_map.get(kind["name"]), "fields", {}) or {})
        if fields and ours and fields != ours:
            notes.append(f"{kind['name']}'s fields {', '.join(fields[:4])}, … where the SDL has {', '.join(ours[:4])}, …")
            break
    return "; ".join(notes) or "the types' or fields' order"


def by_name(value):
    """Introspection's lists of named members sorted by name (their order is reported apart)."""
    if isinstance(value, dict):
        return {key: sorted(map(by_name, member), key=lambda item: item.get("name") or "")
                if key in ("fields", "inputFields", "types", "interfaces", "possibleTypes") and isinstance(member, list) else by_name(member)
                for key, member in value.items()}
    if isinstance(value, list):
        return [by_name(member) for member in value]
    return value


# 4. GET and application/graphql.

def get_requests(client, base):
    over_get = QUERIES[:6] + [Q("@include and @skip (included)"), Q("variables of every kind"), Q("operationName choosing one of two")]
    for label, query, variables, operation, _ in over_get:
        posted = gql(client, base, query, variables, operation)
        got = get(client, base, query, variables, operation)
        check(got.status_code == posted.status_code == 200 and got.content == posted.content,
              f"GET: {label}: {got.status_code}, the bytes POST answers" + ("" if got.content == posted.content else
                                                                       f": GET {show(got)}; POST {show(posted)}"))
    query = INVALID[0][1]
    got, posted = get(client, base, query), gql(client, base, query)
    check(got.status_code == posted.status_code == 400 and body_of(got) == body_of(posted),
          f"GET: an invalid query: {got.status_code}, as POST ({posted.status_code})")
    query = VIEWER.query
    raw = client.post(base + PATH, content=query.encode(), headers={"Content-Type": "application/graphql"})
    check(raw.status_code == 200 and raw.content == gql(client, base, query).content,
          f"POST application/graphql: {raw.status_code}, the bytes a JSON POST answers")


# 5. Automatic persisted queries.

def sha256(text):
    return hashlib.sha256(text.encode()).hexdigest()


def persisted(hash_):
    return {"persistedQuery": {"version": 1, "sha256Hash": hash_}}


def persisted_queries(client, base):
    query = "query ApqProducts($first: Int) {\n  products(first: $first) { __typename id name price }\n}"
    variables = {"first": 3}
    plain = body_of(gql(client, base, query, variables))
    ext = persisted(sha256(query))
    miss = gql(client, base, None, variables, "ApqProducts", extensions=ext)
    body = body_of(miss) or {}
    errors = body.get("errors") or [{}]
    check(miss.status_code == 200 and errors[0].get("message") == "PersistedQueryNotFound" and body.get("data") is None,
          f"APQ: the hash alone, not seen yet: {miss.status_code} {errors[0].get('message')!r} "
          f"(code {(errors[0].get('extensions') or {}).get('code')!r})" + ("" if miss.status_code == 200 else f": {show(miss)}"))
    sent = gql(client, base, query, variables, "ApqProducts", extensions=ext)
    check(sent.status_code == 200 and body_of(sent) == plain and "errors" not in plain,
          f"APQ: the hash with its query: {sent.status_code}, the query's data" + ("" if body_of(sent) == plain else f": {show(sent)}"))
    hit = gql(client, base, None, variables, "ApqProducts", extensions=ext)
    check(hit.status_code == 200 and body_of(hit) == plain, f"APQ: the hash alone again: {hit.status_code}, the query's data"
          + ("" if body_of(hit) == plain else f": {show(hit)}"))
    over_get = get(client, base, None, variables, "ApqProducts", extensions=ext)
    check(over_get.status_code == 200 and body_of(over_get) == plain,
          f"APQ: the hash alone over GET (Apollo's useGETForHashedQueries): {over_get.status_code}"
          + ("" if body_of(over_get) == plain else f": {show(over_get)}"))
    other = "query ApqOther { tags }"
    wrong = gql(client, base, other, None, None, extensions=persisted(sha256(other + " ")))
    body = body_of(wrong) or {}
    check(bool(body.get("errors")) and "data" not in body,
          f"APQ: a hash that is not the query's SHA-256: {wrong.status_code}, {(body.get('errors') or [{}])[0].get('message')!r}, no data"
          + ("" if body.get("errors") and "data" not in body else f": {show(wrong)}"))
    # docs/graphql.md: "Persisted queries as Apollo's servers answer them"; Apollo's gateway and router answer this 400.
    check(wrong.status_code == 400, f"APQ: that refusal is a 400, as Apollo's servers answer it ({wrong.status_code})")
    after = gql(client, base, None, None, None, extensions=persisted(sha256(other + " ")))
    check((body_of(after) or {}).get("errors", [{}])[0].get("message") == "PersistedQueryNotFound",
          f"APQ: the wrong hash was not kept ({show(after)[:160]})")


# 6. Batches.

def batches(client, base):
    elements = [request_body(VIEWER.query), request_body(GET_FILMS), request_body(PLACE_ORDER.query, PLACE_ORDER.variables)]
    singles = [body_of(post(client, base, element)) for element in elements]
    answer = post(client, base, elements)
    body = body_of(answer)
    check(answer.status_code == 200 and isinstance(body, list) and len(body) == 3
          and all(difference(got, single, f"[{i}]") is None for i, (got, single) in enumerate(zip(body, singles))),
          f"batch: 3 operations, {answer.status_code}, {len(body) if isinstance(body, list) else body!r} answers in order, each as sent alone"
          + ("" if isinstance(body, list) and len(body) == 3 else f": {show(answer)}"))
    mixed = post(client, base, [elements[0], request_body(INVALID[0][1]), elements[1]])
    body = body_of(mixed)
    ok = isinstance(body, list) and len(body) == 3 and body[0] == singles[0] and body[2] == singles[1] \
        and isinstance(body[1], dict) and body[1].get("errors") and "data" not in body[1]
    check(ok, f"batch: an invalid operation in the middle gets its errors in its place, the others their data ({mixed.status_code})"
          + ("" if ok else f": {show(mixed)}"))
    one = post(client, base, [elements[0]])
    check(one.status_code == 200 and body_of(one) == [singles[0]], f"batch: an array of one is an array of one ({show(one)[:120]})")


# 7. Faults.

FAULT_QUERIES = [VIEWER, Q("inline fragments on an interface"), Q("inline fragments on a union"), Q("objects nested 5 deep"), PLACE_ORDER,
                 Q("nullable lists and nullable items"), Q("node(id:) over seven types"),
                 ("a staged operation", GET_FILMS, None, None, [])]


def faults(client, base):
    session = f"{RUN}-errors"
    admin(client, base, "PUT", f"/sessions/{session}/scenario", {"name": "graphql-errors"})
    for label, query, variables, operation, _ in [FAULT_QUERIES[0], FAULT_QUERIES[-1]]:
        name = operation or parse(query).definitions[0].name.value
        answer = gql(client, base, query, variables, operation, session=session)
        expected = {"errors": [{"message": f"Understudy graphql-errors fault: {name} failed", "extensions": {"code": "INTERNAL_SERVER_ERROR"}}],
                    "data": None}
        check(answer.status_code == 200 and body_of(answer) == expected,
              f"fault graphql-errors: {label}: 200, data null, the documented error" + ("" if body_of(answer) == expected else f": {show(answer)}"))
    others = gql(client, base, VIEWER.query, session=f"{RUN}-bystander")
    check("errors" not in (body_of(others) or {"errors": 1}), "fault graphql-errors: another session is answered as before")

    session = f"{RUN}-partial"
    admin(client, base, "PUT", f"/sessions/{session}/scenario", {"name": "partial-data"})
    for label, query, variables, operation, _ in FAULT_QUERIES:
        answer = gql(client, base, query, variables, operation, session=session)
        body = body_of(answer)
        problems, nulled, found = [], [], []
        # The same operation without the fault: which of its fields are nullable.
        baseline = body_of(gql(client, base, query, variables, operation)) or {}
        nullable_fields = [kind for _, kind in judge(query, variables, baseline.get("data"), operation)[1] if not is_non_null_type(kind)]
        if not nullable_fields and isinstance(body, dict) and body.get("data") is None and len(body.get("errors") or []) == 1:
            # Nothing to null but the whole data, as GraphQL's null propagation would (docs/graphql.md does not say).
            check(answer.status_code == 200, f"fault partial-data: {label}: nothing in it is nullable: {answer.status_code}, data null, "
                  f"one error ({body['errors'][0].get('message')!r})")
            continue
        if answer.status_code != 200 or not isinstance(body, dict) or not isinstance(body.get("data"), dict):
            problems.append(f"answer {show(answer)}")
        else:
            found, fields = judge(query, variables, body["data"], operation)
            problems += found
            nullable = [path for path, kind in fields if not is_non_null_type(kind)]
            nulled = [path for path in nullable if at(body["data"], path) is None]
            kept = [path for path in nullable if at(body["data"], path) is not None]
            kinds = dict(fields)
            # docs/graphql.md: the nullable leaves are null; a nullable object or list stays unless the operation
            # selects no nullable leaf at all (then its outermost nullable field is null).
            has_leaf = any(is_leaf_type(get_named_type(kinds[path])) for path in nullable)
            if has_leaf:
                kept = [path for path in kept if is_leaf_type(get_named_type(kinds[path]))]
            if kept:
                leaves = [path for path in kept if is_leaf_type(get_named_type(kinds[path]))]
                problems.append(f"nullable fields not null: {len(leaves)} leaves {['.'.join(map(str, p)) for p in leaves[:4]]}, "
                                f"{len(kept) - len(leaves)} objects or lists {['.'.join(map(str, p)) for p in kept if p not in leaves][:4]}")
            errors = body.get("errors") or []
            paths = [tuple(error.get("path") or ()) for error in errors if isinstance(error, dict)]
            if len(paths) != len(errors) or sorted(paths, key=str) != sorted(nulled, key=str):
                missing = set(nulled) - set(paths)
                extra = [p for p in paths if p not in set(nulled)]
                problems.append(f"{len(errors)} errors for {len(nulled)} nulled fields; without an error: "
                                f"{[list(p) for p in list(missing)[:4]]}; errors not at a nulled field: {[list(p) for p in extra[:4]]}")
            if any(not isinstance(error.get("message"), str) for error in errors if isinstance(error, dict)):
                problems.append("an error without a message")
        check(not problems, f"fault partial-data: {label}: 200, {len(nulled) if not found else '?'} nullable fields null with an error "
              "at each path, the non-null ones present" + (": " + "; ".join(problems)[:1500] if problems else ""))

    session = f"{RUN}-down"
    admin(client, base, "PUT", f"/sessions/{session}/scenario", {"name": "down"})
    answer = gql(client, base, VIEWER.query, session=session)
    check(answer.status_code == 500 and body_of(answer) == {"error": "down"}, f"fault server-error (scenario down): {show(answer)[:120]}")

    session = f"{RUN}-timeout"
    admin(client, base, "PUT", f"/sessions/{session}/scenario", {"name": "timeout"})
    began = time.monotonic()
    try:
        answer = httpx.post(base + PATH, json=request_body(VIEWER.query), headers=session_headers(session), timeout=1.0)
        outcome = f"answered {show(answer)[:120]}"
    except httpx.TimeoutException as error:
        outcome = f"no answer ({type(error).__name__} after {time.monotonic() - began:.1f} s)"
    check(outcome.startswith("no answer"), f"fault timeout: a client giving up after 1 s: {outcome}")
    health = client.get(base + "/__admin/health")
    check(health.status_code == 200, f"after the timeout the server answers ({health.status_code})")


# 8. Staged operations, a session's own.

def staged(client, base):
    two = GET_FILMS + "\nquery Other { tags }"
    by_name = gql(client, base, two, operation="GetFilms")
    check(by_name.status_code == 200 and body_of(by_name) == FILMS, f"staged: GetFilms by operationName, as written ({show(by_name)[:200]})")
    other = gql(client, base, two, operation="Other")
    problems, _ = judge(two, None, (body_of(other) or {}).get("data"), "Other")
    check(other.status_code == 200 and not problems, f"staged: the other operation of the document from the schema"
          + (f": {problems}" if problems else ""))
    single = gql(client, base, GET_FILMS)
    check(single.status_code == 200 and body_of(single) == FILMS, f"staged: GetFilms, the single named operation, as written ({show(single)[:200]})")
    film = "query GetFilm($id: ID!) { film(id: $id) { id title runtimeMinutes } }"
    first = gql(client, base, film, {"id": "1"})
    expected = {"data": {"film": {"id": "1", "title": "A New Hope", "runtimeMinutes": 121}}}
    check(body_of(first) == expected and not judge(film, {"id": "1"}, expected["data"])[0],
          f"staged: GetFilm with variables id 1, the first answer ({show(first)[:200]})")
    rest = gql(client, base, film, {"id": "2"})
    check(body_of(rest) == {"data": {"film": None}}, f"staged: GetFilm with id 2, the answer without variables ({show(rest)[:200]})")
    anonymous = "{ viewer { id name } }"
    by_hash = gql(client, base, anonymous, extensions=persisted(sha256(anonymous)))
    staged_by_hash = {"data": {"viewer": {"id": "c-apq", "name": "Staged by hash"}}}
    check(body_of(by_hash) == staged_by_hash, f"staged: an anonymous operation named by its APQ hash ({show(by_hash)[:200]})")

    # A session's own answer for CreateOrder, for that session alone.
    mine, theirs = f"{RUN}-stock", f"{RUN}-stock-other"
    admin(client, base, "POST", f"/sessions/{mine}/routes", {"routes": [{"operation": "CreateOrder", "errors": [{"message": "Out of stock"}]}]})
    out = gql(client, base, CREATE_ORDER, ORDER, session=mine)
    check(out.status_code == 200 and body_of(out) == {"errors": [{"message": "Out of stock"}], "data": None},
          f"session route: CreateOrder in its session answers the staged errors ({show(out)[:200]})")
    for label, session in [("another session", theirs), ("no session", None)]:
        answer = gql(client, base, CREATE_ORDER, ORDER, session=session)
        body = body_of(answer) or {}
        problems = judge(CREATE_ORDER, ORDER, body.get("data"))[0] if "errors" not in body else [show(answer)]
        check(answer.status_code == 200 and not problems, f"session route: CreateOrder with {label} is answered from the schema"
              + (f": {problems}" if problems else ""))

    # A session's scenario for one operation.
    failing, bystander = f"{RUN}-films", f"{RUN}-films-other"
    admin(client, base, "PUT", f"/sessions/{failing}/scenario", {"name": "graphql-errors", "operation": "GetFilms"})
    failed = gql(client, base, GET_FILMS, session=failing)
    body = body_of(failed) or {}
    check(failed.status_code == 200 and body.get("data") is None and "data" in body
          and (body.get("errors") or [{}])[0].get("message") == "Understudy graphql-errors fault: GetFilms failed",
          f"session operation: GetFilms under graphql-errors for its session ({show(failed)[:200]})")
    viewer = body_of(gql(client, base, VIEWER.query, session=failing)) or {}
    film_one = body_of(gql(client, base, film, {"id": "1"}, session=failing))
    check("errors" not in viewer and not judge(VIEWER.query, None, viewer.get("data"))[0] and film_one == expected,
          "session operation: the session's other operations answered as before (schema, staged)")
    other = gql(client, base, GET_FILMS, session=bystander)
    check(body_of(other) == FILMS, f"session operation: GetFilms of another session as written ({show(other)[:120]})")


# 9. The journal.

def journal(client, base):
    session = f"{RUN}-journal"
    sent = []
    gql(client, base, VIEWER.query, session=session)
    sent.append(["Viewer"])
    post(client, base, [request_body(GET_FILMS), request_body(PLACE_ORDER.query, PLACE_ORDER.variables), request_body("{ tags }")], session=session)
    sent.append(["GetFilms", "PlaceOrder", "?"])
    get(client, base, Q("named fragments").query, session=session)
    sent.append(["WithFragments"])
    query = "query Second { tags }\nquery First { viewer { id } }"
    gql(client, base, query, operation="First", session=session)
    sent.append(["First"])
    ext = persisted(sha256("query ApqProducts($first: Int) {\n  products(first: $first) { __typename id name price }\n}"))
    gql(client, base, None, {"first": 3}, "ApqProducts", session=session, extensions=ext)
    sent.append(["ApqProducts"])
    client.get(base + "/not-graphql", headers=session_headers(session))
    sent.append(None)
    entries = []
    for _ in range(20):
        answer = client.get(base + "/__admin/requests", params={"session": session})
        entries = sorted((body_of(answer) or {}).get("requests", []), key=lambda entry: entry["id"])
        if len(entries) >= len(sent):
            break
        time.sleep(0.1)
    got = [entry.get("graphql_operations") for entry in entries]
    check(got == sent, f"journal: graphql_operations of each request: {got}" + ("" if got == sent else f", expected {sent}"))


# 10. Hostile requests.

def timed(send):
    began = time.monotonic()
    try:
        answer = send()
        return answer.status_code, time.monotonic() - began, answer.text[:160]
    except httpx.HTTPError as error:
        return None, time.monotonic() - began, f"{type(error).__name__}: {error}"


def hostile(client, base, server):
    depth = 10000
    deep = "query Deep { categories(first: 1) { " + "parent { " * depth + "id" + " }" * depth + " } }"
    big = "query Big { " + " ".join(f"a{n}: __typename" for n in range(260000)) + " }"  # 5.2 MB
    fan = "query Fan { categories(first: 1) { ...F0 } }\n" + "\n".join(
        f"fragment F{n} on Category {{ ...F{n + 1} ...F{n + 1} }}" for n in range(29)) + "\nfragment F29 on Category { id name }"
    fan_fields = "query FanFields { categories(first: 1) { ...F0 } }\n" + "\n".join(
        f"fragment F{n} on Category {{ a: parent {{ ...F{n + 1} }} b: parent {{ ...F{n + 1} }} }}" for n in range(29)) + \
        "\nfragment F29 on Category { id name }"
    wide = "query Wide { categories(first: 50) { children(first: 50) { children(first: 50) { id } } } }"
    cases = [
        (f"a query nested {depth:,} deep ({len(deep) // 1024} KiB)", lambda: post(client, base, request_body(deep))),
        (f"a query of {len(big) / 1e6:.1f} MB", lambda: post(client, base, request_body(big))),
        ("30 fragments, each spreading the next twice", lambda: post(client, base, request_body(fan))),
        ("30 fragments, each spreading the next under two aliases (2^29 fields)", lambda: post(client, base, request_body(fan_fields))),
        ("an answer of 125,000 values (50 x 50 x 50)", lambda: post(client, base, request_body(wide))),
        ("a batch of 1,000", lambda: post(client, base, [request_body("query T { tags }")] * 1000)),
        ("a batch of 101", lambda: post(client, base, [request_body("query T { tags }")] * 101)),
        ("variables an array", lambda: post(client, base, {"query": PAGED.query, "variables": [3]})),
        ("variables a string", lambda: post(client, base, {"query": PAGED.query, "variables": "n=3"})),
        ("variables a number", lambda: post(client, base, {"query": PAGED.query, "variables": 3})),
        ("variables over GET not JSON", lambda: client.get(base + PATH, params={"query": PAGED.query, "variables": "{n:3"})),
        ("query a number", lambda: post(client, base, {"query": 7})),
        ("a body that is not JSON", lambda: client.post(base + PATH, content=b"{query", headers={"Content-Type": "application/json"})),
        ("JSON nested 100,000 deep in variables", lambda: client.post(
            base + PATH, content=b'{"query":"query Paged($n: Int) { films(first: $n) { id } }","variables":{"n":' + b"[" * 100000 + b"}",
            headers={"Content-Type": "application/json"})),
    ]
    for label, send in cases:
        status, seconds, text = timed(send)
        check(status is not None and 400 <= status < 500 and seconds < 2,
              f"hostile: {label}: {status} in {seconds * 1000:.0f} ms" + ("" if status and 400 <= status < 500 else f": {text}"))
    answer = gql(client, base, VIEWER.query)
    health = client.get(base + "/__admin/health")
    check(server.poll() is None and health.status_code == 200 and answer.status_code == 200 and "errors" not in (body_of(answer) or {}),
          f"hostile: the server still answers afterwards (health {health.status_code}, a query {answer.status_code})")


def drain(stream, kept):
    """Reads the server's output so a full pipe never blocks it; the last 20 KB are kept for a failure's report."""
    for line in stream:
        kept.append(line)
        if len(kept) > 400:
            del kept[:200]


def main(binary):
    began = time.monotonic()
    server, base, _ = start(binary, "--scenarios", FIXTURES, "--scenario", "shop")
    output = []
    for stream in (server.stdout, server.stderr):
        threading.Thread(target=drain, args=(stream, output), daemon=True).start()
    try:
        with httpx.Client(timeout=30) as client:
            for step in (schema_answers, invalid_queries, introspection, get_requests, persisted_queries, batches, faults,
                         staged, journal):
                step(client, base)
            hostile(client, base, server)
    except Exception:
        import traceback
        traceback.print_exc()
        check(False, "the script ran to its end")
    finally:
        server.kill()
        server.wait()
    if e2e_support.failures and output:
        print("the server's last output:\n" + "".join(output[-40:]))
    seconds = time.monotonic() - began
    if e2e_support.failures:
        print(f"graphql-e2e: {len(e2e_support.failures)} of {checks} checks failed ({seconds:.1f} s)")
        return 1
    print(f"graphql-e2e: {checks} checks passed ({seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/understudy"))
