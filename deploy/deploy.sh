#!/usr/bin/env bash
# One release onto Kubernetes: render and validate the manifests, apply the setup (settings,
# external services, Kafka topics, this release's migration Job), wait for the migrations, then
# roll the processes out and wait for every Deployment. docs/operations.md says what to set first.
#   DEPLOY_IMAGE=registry.example.com/esim-shop:1.4.0 DEPLOY_RELEASE=1.4.0 deploy/deploy.sh
set -euo pipefail
cd "$(dirname "$0")/.."

: "${DEPLOY_IMAGE:?set DEPLOY_IMAGE to the image built from infra/docker/Dockerfile, with its tag}"
: "${DEPLOY_RELEASE:?set DEPLOY_RELEASE (names the migration Job: one per release)}"
namespace="${DEPLOY_NAMESPACE:-esim}"

npm run --silent deploy:render
kubectl apply -f deploy/out/1-setup.yaml
# The new code starts only on a schema it knows: the rollout waits for this release's migrations.
kubectl -n "$namespace" wait --for=condition=complete "job/migrate-${DEPLOY_RELEASE}" --timeout=30m
kubectl apply -f deploy/out/2-rollout.yaml
for deployment in $(kubectl -n "$namespace" get deployments -l app.kubernetes.io/part-of=esim-shop -o name); do
  kubectl -n "$namespace" rollout status "$deployment" --timeout=10m
done
